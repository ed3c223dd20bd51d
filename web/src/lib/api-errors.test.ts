import { describe, expect, it } from 'vitest';
import { alertText, formErrors } from './api-errors';
import { ApiError } from './http';

describe('alertText', () => {
  it('is null when every message went under its field', () => {
    const refused = new ApiError(422, 'invalid_survey', 'Dados inválidos.', [
      { field: 'question', message: 'Escreva a pergunta.' },
    ]);
    expect(alertText(formErrors(refused, { question: 'question' }))).toBeNull();
  });

  it('joins the messages that name no field shown, even beside field errors', () => {
    const refused = new ApiError(422, 'invalid_survey', 'Dados inválidos.', [
      { field: 'question', message: 'Escreva a pergunta.' },
      { field: 'other', message: 'Campo desconhecido.' },
      { message: 'Tente de novo.' },
    ]);
    expect(alertText(formErrors(refused, { question: 'question' }))).toBe('Campo desconhecido. Tente de novo.');
  });

  it("is the error's own message when it names no field", () => {
    expect(alertText(formErrors(new ApiError(500, 'internal', 'Erro interno.'), {}))).toBe('Erro interno.');
    expect(alertText(formErrors(new Error('rede'), {}))).toBe('Erro inesperado. Tente novamente.');
  });
});

import { describe, expect, it } from 'vitest';
import { categoryLabel, fillTemplate, isApproved, templateParts, templateSlots } from './template';

describe('message templates', () => {
  it('has one parameter per placeholder, up to the highest the body or the server names', () => {
    expect(templateSlots({ body: 'Olá {{1}}, seu pedido {{2}} saiu.', parameters: [] })).toEqual([1, 2]);
    expect(
      templateSlots({
        body: 'Código: {{1}}',
        parameters: [
          { index: 1, example: null },
          { index: 2, example: null },
        ],
      }),
    ).toEqual([1, 2]);
    expect(templateSlots({ body: 'Sem parâmetros.', parameters: [] })).toEqual([]);
    // The same placeholder twice is one parameter.
    expect(templateSlots({ body: '{{1}} e {{1}}', parameters: [] })).toEqual([1]);
  });

  it('fills the body with what was typed, leaving an empty parameter as {{n}}', () => {
    const body = 'Olá {{1}}, seu pedido {{2}} saiu.';
    expect(fillTemplate(body, ['Maria', ' 123 '])).toBe('Olá Maria, seu pedido 123 saiu.');
    expect(fillTemplate(body, ['Maria', '  '])).toBe('Olá Maria, seu pedido {{2}} saiu.');
    expect(templateParts(body, ['Maria'])).toEqual([
      { text: 'Olá ' },
      { index: 1, value: 'Maria' },
      { text: ', seu pedido ' },
      { index: 2, value: null },
      { text: ' saiu.' },
    ]);
  });

  it('sends only approved ones, and names the categories in Portuguese', () => {
    expect(isApproved({ status: 'APPROVED' })).toBe(true);
    for (const status of ['PENDING', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL']) {
      expect(isApproved({ status })).toBe(false);
    }
    expect(['MARKETING', 'UTILITY', 'AUTHENTICATION', 'OTHER'].map(categoryLabel)).toEqual([
      'Marketing',
      'Utilidade',
      'Autenticação',
      'OTHER',
    ]);
  });
});

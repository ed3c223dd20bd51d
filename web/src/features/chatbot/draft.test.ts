import { describe, expect, it } from 'vitest';
import { BotConfigSchema } from './api/schemas';
import { newOption, serverFieldMap, toDraft, toInput, validateDraft, type BotDraft } from './draft';
import { botConfig } from './test-data';

describe('the editor’s draft', () => {
  it('round-trips the server’s configuration (without hours: the calendar is the company’s)', () => {
    const config = botConfig();
    const input = toInput(toDraft(config), null);
    expect(input).toEqual({
      instanceId: null,
      enabled: true,
      name: 'Maria',
      greeting: config.greeting,
      menuPrompt: config.menuPrompt,
      options: config.options,
      invalidMessage: config.invalidMessage,
      invalidLimit: 3,
      handoverMessage: config.handoverMessage,
      outOfHoursMessage: config.outOfHoursMessage,
      inactivityMinutes: 30,
      inactivityReasonId: 4,
      inactivityMessage: config.inactivityMessage,
    });
  });

  it('sends a new option without a key, and only what its action uses', () => {
    const draft = toDraft(botConfig({ instanceId: 3 }));
    draft.options[0] = { ...draft.options[0]!, action: 'answer', answer: 'Pague pelo app.' };
    draft.options.push({ ...newOption(), label: ' Trocas ', action: 'human', departmentId: 5, answer: 'x' });
    const input = toInput(draft, 3);
    expect(input.instanceId).toBe(3);
    expect(input.options[0]).toEqual({
      key: 'fin',
      label: 'Financeiro',
      action: 'answer',
      departmentId: null,
      answer: 'Pague pelo app.',
    });
    expect(input.options[3]).toEqual({ key: '', label: 'Trocas', action: 'human', departmentId: null, answer: null });
  });

  it('asks for what a bot cannot do without, by form path', () => {
    const draft: BotDraft = {
      ...toDraft(botConfig()),
      name: ' ',
      invalidLimit: 11,
      inactivityMinutes: '',
    };
    draft.options = [
      { ...newOption(), label: '', action: 'department', departmentId: null },
      { ...newOption(), label: 'Dúvidas', action: 'answer', answer: '' },
    ];
    expect(validateDraft(draft)).toEqual({
      name: 'Dê um nome ao assistente.',
      'options.0.label': 'Escreva o texto da opção.',
      'options.0.departmentId': 'Escolha o departamento.',
      'options.1.answer': 'Escreva a resposta.',
      invalidLimit: 'Um número de 1 a 10.',
      inactivityMinutes: 'Um número de 1 a 1440 minutos.',
    });
    expect(validateDraft({ ...toDraft(botConfig()), options: [] })).toEqual({
      options: 'O menu precisa de pelo menos uma opção.',
    });
    expect(validateDraft(toDraft(botConfig()))).toEqual({});
  });

  it('points the server’s field names at the form’s fields', () => {
    const map = serverFieldMap(toDraft(botConfig()));
    expect(map['options[1].departmentId']).toBe('options.1.departmentId');
    expect(map['options[2].answer']).toBe('options.2.answer');
    expect(map.greeting).toBe('greeting');
    expect(map.outOfHoursMessage).toBe('outOfHoursMessage');
    // The hours are no longer the bot's: nothing of theirs is mapped.
    expect(Object.keys(map).filter((field) => /businessHours|holidays/.test(field))).toEqual([]);
  });

  it('neither reads nor sends hours or holidays (an older server’s are left out)', () => {
    const config = BotConfigSchema.parse({
      ...botConfig(),
      businessHours: [{ weekday: 1, start: '08:00', end: '18:00' }],
      holidays: ['2026-12-25'],
    });
    expect(config).not.toHaveProperty('businessHours');
    const input = toInput(toDraft(config), null);
    expect(input).not.toHaveProperty('businessHours');
    expect(input).not.toHaveProperty('holidays');
  });

  it('sends an answer’s file as {mediaId, fileName}, and no file with another action', () => {
    const draft = toDraft(botConfig());
    const file = { mediaId: 31, fileName: 'tabela.pdf', size: 2048, mimeType: 'application/pdf' };
    draft.options[1] = { ...draft.options[1]!, attachment: file };
    draft.options[2] = { ...draft.options[2]!, attachment: file };
    const input = toInput(draft, null);
    expect(input.options[1]?.attachment).toEqual({ mediaId: 31, fileName: 'tabela.pdf' });
    expect(input.options[2]).not.toHaveProperty('attachment');
    expect(input.options[0]).not.toHaveProperty('attachment');
    expect(serverFieldMap(draft)['options[1].attachment']).toBe('options.1.attachment');
    expect(serverFieldMap(draft)['options[1].attachment.mediaId']).toBe('options.1.attachment');
  });

  it('reads a saved file back, and a configuration without files as before', () => {
    const config = botConfig();
    const saved = BotConfigSchema.parse({
      ...config,
      options: config.options.map((option) =>
        option.key === 'hor' ? { ...option, attachment: { mediaId: 31, fileName: 'tabela.pdf' } } : option,
      ),
    });
    expect(toDraft(saved).options.map((option) => option.attachment)).toEqual([
      null,
      { mediaId: 31, fileName: 'tabela.pdf' },
      null,
    ]);
    expect(BotConfigSchema.parse(config).options[1]?.attachment).toBeUndefined();
  });
});

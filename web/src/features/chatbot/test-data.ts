/** A bot configuration as `GET /api/bot/config` answers it, for the tests. */
import type { BotConfig } from './api/schemas';

export function botConfig(extra: Partial<BotConfig> = {}): BotConfig {
  return {
    instanceId: null,
    inherited: false,
    enabled: true,
    name: 'Maria',
    greeting: 'Olá, {{nome}}! Eu sou a {{bot}}, assistente virtual da loja.',
    menuPrompt: 'Escolha uma opção:',
    options: [
      { key: 'fin', label: 'Financeiro', action: 'department', departmentId: 6, answer: null },
      { key: 'hor', label: 'Horário de funcionamento', action: 'answer', departmentId: null, answer: 'Abrimos às 8h.' },
      { key: 'hum', label: 'Falar com atendente', action: 'human', departmentId: null, answer: null },
    ],
    invalidMessage: 'Não entendi. Responda com o número de uma opção.',
    invalidLimit: 3,
    handoverMessage: 'Vou passar você para {{departamento}}.',
    outOfHoursMessage: 'Estamos fora do horário.',
    inactivityMinutes: 30,
    inactivityReasonId: 4,
    inactivityMessage: 'Encerramos por falta de resposta.',
    updatedAt: '2026-11-24T15:00:00Z',
    ...extra,
  };
}

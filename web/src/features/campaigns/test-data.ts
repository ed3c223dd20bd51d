/**
 * Campaigns, recipients, pre-flights, send rates and official numbers' templates as the server
 * answers them, for the tests.
 */
import type { Template } from '../../lib/message-templates';
import type { Campaign, Preflight, Recipient, SendRate } from './api/schemas';

export function campaign(extra: Partial<Campaign> = {}): Campaign {
  return {
    id: 7,
    name: 'Black Friday',
    instanceId: 3,
    instanceName: 'WhatsApp Loja',
    body: 'Olá {{nome}}, seu cupom: {{cupom}}',
    attachment: null,
    template: null,
    status: 'running',
    pausedReason: null,
    scheduledAt: null,
    startedAt: '2026-11-27T12:00:00Z',
    finishedAt: null,
    createdAt: '2026-11-26T18:30:00Z',
    total: 40,
    counts: { pending: 30, sent: 4, delivered: 3, read: 2, replied: 0, failed: 1 },
    ratePerMinute: 20,
    remainingSeconds: 90,
    preflight: { recipients: 40, duplicatesRemoved: 2, blacklistedSkipped: 1, invalid: 3 },
    ...extra,
  };
}

export function recipient(extra: Partial<Recipient> = {}): Recipient {
  return {
    id: 100,
    customerId: 11,
    name: 'Ana Lima',
    phone: '+55 11 98888-7777',
    status: 'delivered',
    reason: null,
    reasonText: null,
    sentAt: '2026-11-27T12:01:00Z',
    updatedAt: '2026-11-27T12:02:00Z',
    ...extra,
  };
}

export function preflight(extra: Partial<Preflight> = {}): Preflight {
  return {
    recipients: 2,
    duplicatesRemoved: 1,
    blacklistedSkipped: 0,
    invalid: [{ index: 2, phone: '123', message: 'Telefone curto demais.' }],
    samples: [
      { phone: '+55 11 99999-0000', name: 'Bruno', text: 'Olá Bruno, a Black Friday começou!' },
      { phone: '+55 21 98888-7777', name: null, text: 'Olá , a Black Friday começou!' },
    ],
    ratePerMinute: 20,
    expectedSeconds: 6,
    template: null,
    estimatedCost: null,
    ...extra,
  };
}

export function sendRate(extra: Partial<SendRate> = {}): SendRate {
  return { instanceId: 3, instanceName: 'WhatsApp Loja', ratePerMinute: 20, ...extra };
}

export function messageTemplate(extra: Partial<Template> = {}): Template {
  return {
    id: 12,
    instanceId: 9,
    name: 'pedido_enviado',
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    header: 'Seu pedido saiu',
    body: 'Olá {{1}}, o pedido {{2}} está a caminho.',
    footer: 'Loja Exemplo',
    parameters: [
      { index: 1, example: 'Maria' },
      { index: 2, example: 'PED-123' },
    ],
    syncedAt: '2026-12-01T10:00:00Z',
    ...extra,
  };
}

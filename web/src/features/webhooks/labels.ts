/**
 * How the webhooks screen names events, delivery statuses and why an endpoint was switched off
 * (pt_BR). An endpoint subscribes to any of the 13 events below (its `events`), shown and chosen in
 * four groups — Tickets, Mensagens, Clientes, Outros — in the server's order; `webhook.test` is what
 * "Enviar teste" sends, never subscribed to.
 */

export interface WebhookEvent {
  /** The event type as the server names it (the body's `type`, a delivery's `eventType`). */
  value: string;
  /** Its pt_BR name. */
  label: string;
  /** One line for the company's administrator: when it is sent. */
  description: string;
}

export interface WebhookEventGroup {
  label: string;
  events: readonly WebhookEvent[];
}

export const WEBHOOK_EVENT_GROUPS: readonly WebhookEventGroup[] = [
  {
    label: 'Tickets',
    events: [
      {
        value: 'ticket.opened',
        label: 'Ticket aberto',
        description: 'Um atendimento novo começou.',
      },
      {
        value: 'ticket.accepted',
        label: 'Ticket aceito',
        description: 'Um agente pegou o ticket da fila ou o ticket foi atribuído a ele.',
      },
      {
        value: 'ticket.transferred',
        label: 'Ticket transferido',
        description: 'O ticket passou para outro agente ou departamento.',
      },
      {
        value: 'ticket.closed',
        label: 'Ticket encerrado',
        description: 'O atendimento terminou: vai com o motivo de encerramento e o link da transcrição.',
      },
    ],
  },
  {
    label: 'Mensagens',
    events: [
      {
        value: 'message.received',
        label: 'Mensagem recebida',
        description: 'Um cliente enviou uma mensagem.',
      },
      {
        value: 'message.sent',
        label: 'Mensagem enviada',
        description: 'Uma mensagem foi para o cliente: de um agente, do chatbot, de uma campanha ou agendada.',
      },
      {
        value: 'message.ack',
        label: 'Confirmação de entrega/leitura',
        description: 'Uma mensagem enviada foi entregue ao cliente ou lida por ele.',
      },
    ],
  },
  {
    label: 'Clientes',
    events: [
      {
        value: 'customer.created',
        label: 'Cliente cadastrado',
        description: 'Um cliente novo entrou no cadastro.',
      },
      {
        value: 'customer.updated',
        label: 'Cliente atualizado',
        description: 'Os dados de um cliente mudaram.',
      },
      {
        value: 'customer.blacklisted',
        label: 'Cliente bloqueado/desbloqueado',
        description: 'Um cliente entrou na lista de bloqueio ou saiu dela.',
      },
    ],
  },
  {
    label: 'Outros',
    events: [
      {
        value: 'instance.status',
        label: 'Status de conexão de uma instância',
        description: 'Uma instância de WhatsApp conectou ou desconectou.',
      },
      {
        value: 'order.created',
        label: 'Pedido registrado',
        description: 'Um pedido foi registrado.',
      },
      {
        value: 'campaign.status',
        label: 'Status de campanha',
        description: 'Cada mudança de situação de um destinatário de campanha.',
      },
    ],
  },
];

/** The 13 events an endpoint can subscribe to, in the server's order. */
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = WEBHOOK_EVENT_GROUPS.flatMap((group) => group.events);

/** The event "Enviar teste" sends. */
export const TEST_EVENT = 'webhook.test';

const EVENT_LABELS: Record<string, string> = {
  ...Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event.value, event.label])),
  [TEST_EVENT]: 'Teste',
};

/** The pt_BR name of an event type; an unknown one as the server names it. */
export function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? event;
}

const ORDER = new Map(WEBHOOK_EVENTS.map((event, index) => [event.value, index]));

/** Events in the server's order (unknown ones last, as they came), without repeats. */
export function sortEvents(events: readonly string[]): string[] {
  return [...new Set(events)].sort(
    (a, b) => (ORDER.get(a) ?? Number.MAX_SAFE_INTEGER) - (ORDER.get(b) ?? Number.MAX_SAFE_INTEGER),
  );
}

/**
 * An endpoint's events as its card names them, compactly: "Todos os eventos", a whole group as
 * "Tickets: todos", else each event's name (unknown ones as the server names them).
 */
export function eventSummary(events: readonly string[]): string[] {
  const chosen = new Set(events);
  if (WEBHOOK_EVENTS.every((event) => chosen.has(event.value))) {
    return ['Todos os eventos', ...sortEvents(events.filter((event) => !ORDER.has(event)))];
  }
  const names: string[] = [];
  for (const group of WEBHOOK_EVENT_GROUPS) {
    const picked = group.events.filter((event) => chosen.has(event.value));
    if (picked.length === group.events.length) names.push(`${group.label}: todos`);
    else names.push(...picked.map((event) => event.label));
  }
  return [...names, ...sortEvents(events.filter((event) => !ORDER.has(event)))];
}

/**
 * The events grouped as a Select or MultiSelect lists them: the known ones among `events` under
 * their group, unknown ones under "Outros".
 */
export function groupedEventOptions(
  events: readonly string[],
): { group: string; items: { value: string; label: string }[] }[] {
  const chosen = new Set(events);
  const unknown = sortEvents(events.filter((event) => !ORDER.has(event)));
  return WEBHOOK_EVENT_GROUPS.map((group) => ({
    group: group.label,
    items: [
      ...group.events
        .filter((event) => chosen.has(event.value))
        .map((event) => ({ value: event.value, label: event.label })),
      ...(group.label === 'Outros' ? unknown.map((event) => ({ value: event, label: eventLabel(event) })) : []),
    ],
  })).filter((group) => group.items.length > 0);
}

export const DELIVERY_STATUS_LABELS: Record<string, string> = {
  pending: 'Na fila',
  delivered: 'Entregue',
  failed: 'Falhou',
  disabled: 'Não enviada (endpoint desativado)',
};

export const DELIVERY_STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  delivered: 'teal',
  failed: 'red',
  disabled: 'gray',
};

export function deliveryStatusLabel(status: string): string {
  return DELIVERY_STATUS_LABELS[status] ?? status;
}

/**
 * Why an endpoint is off. The server words it in pt_BR ("Desativado por um administrador.",
 * "20 entregas seguidas falharam em todas as tentativas: desativado."); a bare code is named here.
 */
const DISABLED_REASONS: Record<string, string> = {
  failures: 'Desativado depois de entregas seguidas que falharam.',
  too_many_failures: 'Desativado depois de entregas seguidas que falharam.',
  manual: 'Desativado por um administrador.',
};

export function disabledReasonText(reason: string | null): string {
  if (!reason) return 'Desativado.';
  return DISABLED_REASONS[reason] ?? reason;
}

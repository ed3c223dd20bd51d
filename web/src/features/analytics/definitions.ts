/**
 * What every dashboard figure means: the definitions table of docs/analytics.md#definitions as
 * data, one text per figure, in pt_BR. The screens show it in the info button beside each figure,
 * with the sample size when the figure has one. Keep it in step with that table.
 */

export type FigureId =
  | 'ticketsOpened'
  | 'ticketsClosed'
  | 'ticketsTransferred'
  | 'transfersOut'
  | 'transfersIn'
  | 'messagesIn'
  | 'messagesOut'
  | 'quickReplies'
  | 'messageTypes'
  | 'firstResponse'
  | 'resolution'
  | 'slaResponse'
  | 'slaResolution'
  | 'medianP90'
  | 'attended'
  | 'orders'
  | 'ordersValue'
  | 'onlineTime'
  | 'botTickets'
  | 'botHandoffs'
  | 'botReceived'
  | 'botResolved'
  | 'botRouted'
  | 'botHandedOver'
  | 'botAbandoned'
  | 'botTakenOver'
  | 'botHandoverTime'
  | 'botOptions'
  | 'botInBot'
  | 'botToday'
  | 'waiting'
  | 'oldestWait'
  | 'overThreshold'
  | 'openNow'
  | 'transfersPending'
  | 'agentsOnline';

export interface FigureDefinition {
  /** The figure's name on screen. */
  label: string;
  /** What is counted. */
  definition: string;
  /** The day a row counts on (docs/analytics.md: "counted on the day of"). */
  countedOn: string;
}

export const DEFINITIONS: Readonly<Record<FigureId, FigureDefinition>> = {
  ticketsOpened: {
    label: 'Tickets abertos',
    definition: 'Tickets criados: uma mensagem do cliente que abriu um ticket.',
    countedOn: 'no dia de abertura do ticket',
  },
  ticketsClosed: {
    label: 'Tickets encerrados',
    definition: 'Tickets encerrados com um motivo de encerramento.',
    countedOn: 'no dia do encerramento',
  },
  ticketsTransferred: {
    label: 'Tickets transferidos',
    definition: 'Transferências aceitas: tickets que mudaram de mãos.',
    countedOn: 'no dia em que a transferência foi aceita',
  },
  transfersOut: {
    label: 'Transferências feitas',
    definition: 'Transferências aceitas que o atendente passou adiante.',
    countedOn: 'no dia em que a transferência foi aceita',
  },
  transfersIn: {
    label: 'Transferências recebidas',
    definition: 'Transferências aceitas que o atendente recebeu (ficou com o ticket depois dela).',
    countedOn: 'no dia em que a transferência foi aceita',
  },
  messagesIn: {
    label: 'Mensagens recebidas',
    definition: 'Mensagens dos clientes.',
    countedOn: 'no dia do envio',
  },
  messagesOut: {
    label: 'Mensagens enviadas',
    definition: 'Respostas da equipe aos clientes (notas internas não contam).',
    countedOn: 'no dia do envio',
  },
  quickReplies: {
    label: 'Respostas rápidas',
    definition: 'Mensagens que o atendente enviou com uma resposta rápida: cada resposta usada conta uma.',
    countedOn: 'no dia do envio',
  },
  messageTypes: {
    label: 'Mensagens por tipo',
    definition:
      'Das mensagens recebidas e enviadas (notas internas fora): fotos, áudios (inclusive mensagens de voz), vídeos, documentos e outros (figurinhas, localizações, contatos, tipos não suportados); texto é o restante.',
    countedOn: 'no dia do envio',
  },
  firstResponse: {
    label: 'Primeira resposta',
    definition:
      'Por ticket: a primeira resposta de uma pessoa menos o momento mais tardio entre a criação do ticket e a passagem do chatbot (enquanto não há chatbot, menos a criação).',
    countedOn: 'no dia de abertura do ticket',
  },
  resolution: {
    label: 'Resolução',
    definition: 'Por ticket: o encerramento menos a abertura.',
    countedOn: 'no dia do encerramento',
  },
  slaResponse: {
    label: 'SLA de 1ª resposta',
    definition:
      'Dos atendimentos encerrados no período com meta de 1ª resposta, quantos a cumpriram: respondidos (ou encerrados sem resposta) antes do prazo, contado no calendário da empresa, com as pausas. Uma meta estourada não volta a ser cumprida. Mostrado em porcentagem, com o número de atendimentos (n).',
    countedOn: 'no dia do encerramento',
  },
  slaResolution: {
    label: 'SLA de resolução',
    definition:
      'Dos atendimentos encerrados no período com meta de resolução, quantos a cumpriram: encerrados antes do prazo, contado no calendário da empresa, com as pausas. Uma meta estourada não volta a ser cumprida. Mostrado em porcentagem, com o número de atendimentos (n).',
    countedOn: 'no dia do encerramento',
  },
  medianP90: {
    label: 'Mediana e p90',
    definition:
      'Dos tempos por ticket, estimados por um histograma (faixa exata, interpolação linear dentro dela). A mediana é o tempo em que metade dos tickets ficou; o p90, aquele em que 90% ficaram.',
    countedOn: 'conforme o tempo medido',
  },
  attended: {
    label: 'Atendidos',
    definition: 'Tickets cuja primeira resposta foi dada pelo atendente.',
    countedOn: 'no dia de abertura do ticket',
  },
  orders: {
    label: 'Pedidos',
    definition: 'Pedidos não cancelados.',
    countedOn: 'no dia do pedido',
  },
  ordersValue: {
    label: 'Valor dos pedidos',
    definition: 'A soma do valor dos pedidos não cancelados.',
    countedOn: 'no dia do pedido',
  },
  onlineTime: {
    label: 'Tempo online',
    definition: 'A soma das sessões de presença do atendente (conectado → desconectado), recortadas ao período.',
    countedOn: 'cada parte da sessão no seu dia',
  },
  botTickets: {
    label: 'Tickets do chatbot',
    definition: 'Tickets que o chatbot recebeu (zero enquanto o chatbot não existe).',
    countedOn: 'no dia de abertura do ticket',
  },
  botHandoffs: {
    label: 'Passados a uma pessoa',
    definition: 'Tickets que o chatbot passou a uma pessoa (zero enquanto o chatbot não existe).',
    countedOn: 'no dia da passagem',
  },
  // The Maria panel (`GET /api/dashboard/maria`): what became of the tickets the bot started.
  botReceived: {
    label: 'Recebidos pelo chatbot',
    definition: 'Tickets que o bot começou a atender (ele deu a saudação e o menu).',
    countedOn: 'no dia em que o bot recebeu o ticket',
  },
  botResolved: {
    label: 'Resolvidos pelo chatbot',
    definition:
      'Encerrados por inatividade depois de o bot responder ele mesmo a uma pergunta (uma opção de resposta com texto): ninguém da equipe foi necessário.',
    countedOn: 'no dia em que o bot recebeu o ticket',
  },
  botRouted: {
    label: 'Encaminhados a um departamento',
    definition: 'Enviados para a fila de um departamento por uma opção do menu.',
    countedOn: 'no dia em que o bot recebeu o ticket',
  },
  botHandedOver: {
    label: 'Passados a uma pessoa',
    definition:
      'Enviados a um atendente: pela opção “falar com atendente” ou ao chegar ao limite de respostas inválidas.',
    countedOn: 'no dia em que o bot recebeu o ticket',
  },
  botAbandoned: {
    label: 'Abandonados',
    definition: 'Encerrados por inatividade sem nenhuma resposta do cliente ao menu.',
    countedOn: 'no dia em que o bot recebeu o ticket',
  },
  botTakenOver: {
    label: 'Assumidos pela equipe',
    definition: 'Um atendente assumiu a conversa antes de o bot terminar.',
    countedOn: 'no dia em que o bot recebeu o ticket',
  },
  botHandoverTime: {
    label: 'Tempo até passar (mediana)',
    definition:
      'Por ticket encaminhado ou passado a uma pessoa: da saudação do bot até o encaminhamento ou a passagem. A mediana é o tempo em que metade deles ficou.',
    countedOn: 'no dia em que o bot recebeu o ticket',
  },
  botOptions: {
    label: 'Opções do menu',
    definition:
      'Por opção do menu: quantos clientes ela encaminhou a um departamento e quantas vezes o bot respondeu com o texto dela.',
    countedOn: 'no dia em que o bot recebeu o ticket',
  },
  botInBot: {
    label: 'Com o bot agora',
    definition: 'Tickets que o bot está atendendo neste momento, ainda fora da fila da equipe.',
    countedOn: 'ao vivo',
  },
  botToday: {
    label: 'Hoje',
    definition:
      'O que o bot fez desde a meia-noite: conversas iniciadas, encaminhadas, passadas, abandonadas e assumidas.',
    countedOn: 'hoje, ao vivo',
  },
  waiting: {
    label: 'Aguardando',
    definition: 'Tickets aguardando atendimento agora.',
    countedOn: 'ao vivo',
  },
  oldestWait: {
    label: 'Maior espera',
    definition: 'Há quanto tempo o ticket aguardando mais antigo foi aberto.',
    countedOn: 'ao vivo',
  },
  overThreshold: {
    label: 'Acima do limite',
    definition: 'Tickets aguardando há mais tempo que o limite de espera da empresa (padrão: 15 minutos).',
    countedOn: 'ao vivo',
  },
  // The control panel's other live figures (docs/analytics.md, `GET /api/dashboard/control-panel`).
  openNow: {
    label: 'Em atendimento',
    definition: 'Tickets em atendimento agora (aceitos por alguém e ainda não encerrados).',
    countedOn: 'ao vivo',
  },
  transfersPending: {
    label: 'Transferências pendentes',
    definition: 'Transferências pedidas que ainda não foram aceitas, recusadas nem canceladas.',
    countedOn: 'ao vivo',
  },
  agentsOnline: {
    label: 'Atendentes online',
    definition:
      'Usuários ativos disponíveis agora (com o back-office aberto e sem estar ausentes), entre os listados: os conectados e os que têm tickets em atendimento.',
    countedOn: 'ao vivo',
  },
};

/** The day is São Paulo's (docs/analytics.md#days-and-periods): said once under each definition. */
export const DAY_NOTE = 'Dias no horário de São Paulo.';

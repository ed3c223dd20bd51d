/**
 * A ticket's statuses in pt_BR (docs/inbox.md#a-tickets-life), with the colour of their dot: the
 * inbox and the customers screen's history show them alike.
 */
export const TICKET_STATUS_LABELS: Record<string, string> = {
  pending: 'Aguardando',
  open: 'Em atendimento',
  transferring: 'Em transferência',
  closed: 'Encerrado',
  bot: 'Com o bot',
};

/** Colours of the status dots (the text stays the body colour: readable in both schemes). */
export const TICKET_STATUS_COLORS: Record<string, string> = {
  pending: 'orange',
  open: 'teal',
  transferring: 'yellow',
  closed: 'gray',
  bot: 'violet',
};

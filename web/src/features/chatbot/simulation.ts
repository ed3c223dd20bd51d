/** How the simulator says what became of a simulated conversation (pt_BR), and when it pretends to be. */
import type { Simulation } from './api/schemas';

export interface OutcomeText {
  label: string;
  color: string;
}

export function describeOutcome(outcome: Simulation['outcome']): OutcomeText {
  switch (outcome.status) {
    case 'routed':
      return {
        label: `Encaminhado para ${outcome.departmentName ?? (outcome.departmentId !== null ? `o departamento #${outcome.departmentId}` : 'um departamento')}`,
        color: 'teal',
      };
    case 'handed_over':
      return { label: 'Passado para um atendente', color: 'orange' };
    case 'bot':
      return { label: 'Ainda com o bot', color: 'indigo' };
    default:
      return { label: outcome.status, color: 'gray' };
  }
}

/** A `datetime-local` value (`2026-11-25T20:30`) read as São Paulo time (UTC−03:00, no DST since 2019) → ISO. */
export function saoPauloToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00-03:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

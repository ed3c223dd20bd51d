/** How the simulator says what became of a simulated conversation (pt_BR). */
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

/** The distribution screen's words in pt_BR: the strategies, the departments, what a person holds. */
import type { Agent, Policy, Strategy } from './api/get-distribution';

export interface StrategyInfo {
  /** The select's option: "Equilibrada — quem tem menos atendimentos". */
  label: string;
  /** Its name alone ("Equilibrada"): the phone's choice and the saved notice. */
  short: string;
  /** Who receives ("quem tem menos atendimentos"): under the name on the phone. */
  hint: string;
}

function strategy(short: string, hint: string): StrategyInfo {
  return { label: `${short} — ${hint}`, short, hint };
}

export const STRATEGY_INFO: Readonly<Record<Strategy, StrategyInfo>> = {
  manual: strategy('Manual', 'a fila, quem pegar primeiro'),
  round_robin: strategy('Rodízio', 'quem recebeu há mais tempo'),
  balanced: strategy('Equilibrada', 'quem tem menos atendimentos'),
};

/** The name of a policy's row: its department, or "Sem departamento". */
export function policyName(policy: Pick<Policy, 'departmentName'>): string {
  return policy.departmentName ?? 'Sem departamento';
}

/** A stable key per policy (the tickets without a department: "none"). */
export function policyKey(policy: Pick<Policy, 'departmentId'>): string {
  return policy.departmentId === null ? 'none' : String(policy.departmentId);
}

/** "1 atendimento", "4 atendimentos". */
export function ticketsText(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'atendimento' : 'atendimentos'}`;
}

/**
 * The saved notice: "Sem departamento: Equilibrada, até 1 atendimento por pessoa." — with an offer
 * on an automatic strategy, "…; quem recebe tem 60 s para aceitar."
 */
export function policySummary(
  policy: Pick<Policy, 'departmentName' | 'strategy' | 'capacity' | 'offerSeconds'>,
): string {
  const base = `${policyName(policy)}: ${STRATEGY_INFO[policy.strategy].short}, até ${ticketsText(policy.capacity)} por pessoa`;
  if (policy.strategy === 'manual' || policy.offerSeconds === null) return `${base}.`;
  return `${base}; quem recebe tem ${policy.offerSeconds.toLocaleString('pt-BR')} s para aceitar.`;
}

/** "2 de 4": what a person holds of what they may hold. */
export function loadText(agent: Pick<Agent, 'openTickets' | 'effectiveCapacity'>): string {
  return `${agent.openTickets.toLocaleString('pt-BR')} de ${agent.effectiveCapacity.toLocaleString('pt-BR')}`;
}

/** "2 de 4 atendimentos", "1 de 1 atendimento". */
export function loadSentence(agent: Pick<Agent, 'openTickets' | 'effectiveCapacity'>): string {
  return `${loadText(agent)} ${agent.effectiveCapacity === 1 ? 'atendimento' : 'atendimentos'}`;
}

/** The person holds as many as they may: nothing more is given to them. */
export function isFull(agent: Pick<Agent, 'openTickets' | 'effectiveCapacity'>): boolean {
  return agent.openTickets >= agent.effectiveCapacity;
}

/** The progress bar's value, 0 to 100. */
export function loadPercent(agent: Pick<Agent, 'openTickets' | 'effectiveCapacity'>): number {
  if (agent.effectiveCapacity <= 0) return 100;
  return Math.min(100, Math.round((agent.openTickets / agent.effectiveCapacity) * 100));
}

//! The plan and feature catalogues the tenant forms offer (DESIGN §3). The server has no endpoint
//! that lists them (`GET /api/tenant/feature` labels one tenant's options), so their codes are
//! written here as the server defines them (control-migrations' plan catalogue,
//! `domain::features::FEATURES`); a code the server does not know is refused with its own 422
//! message, shown next to the field.

export interface PlanOption {
  code: string;
  label: string;
}

export const PLANS: readonly PlanOption[] = [
  { code: 'basic', label: 'Básico' },
  { code: 'pro', label: 'Profissional' },
  { code: 'enterprise', label: 'Enterprise' },
];

export function planLabel(code: string): string {
  return PLANS.find((plan) => plan.code === code)?.label ?? code;
}

export interface FeatureOption {
  option: string;
  label: string;
}

/** Feature options with their pt_BR labels (the same as `GET /api/tenant/feature` answers). */
export const FEATURES: readonly FeatureOption[] = [
  { option: 'campaigns', label: 'Campanhas' },
  { option: 'chatbot', label: 'Chatbot' },
  { option: 'analytics', label: 'Analytics' },
  { option: 'reports', label: 'Relatórios' },
  { option: 'two_factor', label: 'Autenticação em dois fatores' },
  { option: 'webhooks', label: 'Webhooks de status de campanha' },
];

export function featureLabel(option: string): string {
  return FEATURES.find((feature) => feature.option === option)?.label ?? option;
}

export const TEMPLATES: readonly PlanOption[] = [
  { code: 'default', label: 'Padrão (perfis, departamentos e motivos de encerramento)' },
  { code: 'empty', label: 'Vazio' },
];

/**
 * The tenant templates the create form offers (docs/contracts.md#plans-features-and-limits): what a
 * new tenant's database starts with. The server lists plans and features (`GET /api/tenant/plans`)
 * but not templates, so their codes are written here as `domain::templates` defines them; a code
 * the server does not know is refused with its own 422 message, shown next to the field.
 */

export interface TemplateOption {
  code: string;
  label: string;
}

export const TEMPLATES: readonly TemplateOption[] = [
  { code: 'default', label: 'Padrão (perfis, departamentos e motivos de encerramento)' },
  { code: 'empty', label: 'Vazio' },
];

/** Build-time configuration (Vite `VITE_*` variables), validated once when the app starts. */
import * as z from 'zod/mini';

const EnvSchema = z.object({
  /**
   * Origin of the back-office API, without a trailing slash. Empty (the default) means "the
   * page's own origin": the Rust server serves both the app and `/api`, and the tenant is the
   * first label of that host (docs/contracts.md#product, docs/tenancy.md).
   */
  VITE_API_BASE_URL: z._default(z.union([z.literal(''), z.url()]), ''),
});

const parsed = EnvSchema.safeParse(import.meta.env);
if (!parsed.success) {
  // The issues listed by hand: zod's prettifyError would add its formatter to what /login loads.
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  throw new Error(`Configuração inválida (VITE_*): ${issues}`);
}

export const env = {
  apiBaseUrl: parsed.data.VITE_API_BASE_URL.replace(/\/+$/, ''),
} as const;

/**
 * The tenant of a page host: its first label (`acme.example.com` → `acme`,
 * docs/contracts.md#product). A bare host such as `localhost` or an IP address has no tenant label
 * and gives `null` (the server then uses its DEFAULT_TENANT).
 */
export function tenantFromHost(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  const labels = host.split('.');
  if (labels.length < 2) return null;
  return labels[0] || null;
}

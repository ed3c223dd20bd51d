/**
 * GET /api/ip → `{"ip":"..."}`: the caller's address as the server sees it
 * (docs/contracts.md#api-conventions), sent along with login and logout. A failure is logged and
 * gives null (docs/contracts.md#error-messages). Plain function, no TanStack Query: the login page
 * runs outside the query provider.
 */
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

const IpAnswerSchema = z.object({ ip: z.string() });

export async function getIp(): Promise<string | null> {
  try {
    const answer = await http.get('/api/ip', { schema: IpAnswerSchema, auth: false });
    return answer.ip;
  } catch (error) {
    console.error('[auth] IP lookup failed', error);
    return null;
  }
}

/**
 * A fake of Meta's Graph API for the official-number tests (17-providers), started by the global
 * set-up (the server reads `GRAPH_API_URL` once): it answers in Meta's documented format (Cloud
 * API "Phone numbers", "Message templates", "Send messages") to the number's token only. It keeps
 * no state the tests rely on; the webhook deliveries Meta would post are built by the tests and
 * signed with `APP_SECRET` (`X-Hub-Signature-256`).
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PHONE_NUMBER_ID = '106540352242922';
export const WABA_ID = '102290129340398';
export const ACCESS_TOKEN = 'EAAJB-token-e2e';
export const APP_SECRET = 'segredo-do-app-e2e';
export const VERIFY_TOKEN = 'token-de-verificacao-e2e';

const TEMPLATES = {
  data: [
    {
      name: 'pedido_enviado',
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      id: '1',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Seu pedido' },
        {
          type: 'BODY',
          text: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.',
          example: { body_text: [['Maria', '12345']] },
        },
        { type: 'FOOTER', text: 'Acme Lojas' },
      ],
    },
    {
      name: 'promocao_natal',
      language: 'pt_BR',
      category: 'MARKETING',
      status: 'PENDING',
      id: '2',
      components: [{ type: 'BODY', text: 'Oferta de Natal para {{1}}!', example: { body_text: [['Carla']] } }],
    },
  ],
  paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } },
};

export interface FakeGraph {
  url: string;
  close: () => Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  let next = 0;
  const server: Server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
      reply(401, { error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } });
      return;
    }
    const path = new URL(request.url ?? '/', 'http://graph').pathname;
    if (request.method === 'GET' && path === `/v23.0/${PHONE_NUMBER_ID}`) {
      reply(200, {
        display_phone_number: '+55 11 4002-8922',
        verified_name: 'Acme Atendimento',
        quality_rating: 'GREEN',
        messaging_limit_tier: 'TIER_1K',
        id: PHONE_NUMBER_ID,
      });
    } else if (request.method === 'GET' && path === `/v23.0/${WABA_ID}/message_templates`) {
      reply(200, TEMPLATES);
    } else if (request.method === 'POST' && path === `/v23.0/${PHONE_NUMBER_ID}/messages`) {
      request.resume();
      next += 1;
      reply(200, { messaging_product: 'whatsapp', contacts: [], messages: [{ id: `wamid.E2E${next}` }] });
    } else {
      reply(400, { error: { message: 'Unsupported request', type: 'OAuthException', code: 100 } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A customer's text as Meta delivers it to the webhook, written `hoursAgo` hours ago. */
export function customerText(wamid: string, from: string, name: string, body: string, hoursAgo = 0): string {
  const timestamp = Math.floor(Date.now() / 1000 - hoursAgo * 3600).toString();
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551140028922', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [{ from, id: wamid, timestamp, type: 'text', text: { body } }],
            },
          },
        ],
      },
    ],
  });
}

/**
 * A text from someone whose WhatsApp username hides the phone: the business-scoped user id alone
 * (`from_user_id`, the contact's `user_id`), the username in the profile.
 */
export function usernameText(wamid: string, userId: string, username: string, body: string): string {
  const timestamp = Math.floor(Date.now() / 1000).toString();
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551140028922', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: '', username }, user_id: userId }],
              messages: [{ from_user_id: userId, id: wamid, timestamp, type: 'text', text: { body } }],
            },
          },
        ],
      },
    ],
  });
}

/** `X-Hub-Signature-256` of a raw body, as Meta signs it. */
export function metaSignature(body: string): string {
  return `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
}

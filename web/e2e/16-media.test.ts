/**
 * Media in the conversation (docs/media.md), in a real browser against the real server, with the
 * instance's provider played by the test (e2e/support/inbox.ts: it serves a customer's files to the
 * instance's bearer token and records what the server sends). An attendant receives a photo and
 * opens it, replies with a PDF and with a voice note recorded through Chromium's fake microphone
 * (the provider fetches both through their links: the voice note is Ogg/Opus), receives that voice
 * note back as the customer's and plays it, reacts to the photo and quotes it.
 *
 * Screenshots at 1280 and 390 px, light and dark (`16-*.png`), with axe-core: no serious or
 * critical violation. Runs in the inbox tenant (`loja`) on an instance of its own, as its
 * administrator.
 */
import { request } from 'node:http';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, openPage, type UserPage } from './support/browser';
import {
  inboxAdminToken,
  inboxInstance,
  newWebhookSecret,
  pushProviderEvent,
  startFakeProvider,
  type FakeProvider,
} from './support/inbox';
import { shots } from './support/shots';

const e2e = inject('e2e');
const CUSTOMER = { phone: '+55 31 98877-6655', name: 'Rita Campos' };

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let instanceId: number;
let agent: UserPage;
let serial = 0;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG of `width` × `height`: a warm gradient (a product photo's stand-in). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1)
      row.set([(200 + (x * 55) / width) | 0, (90 + (y * 120) / height) | 0, 60], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The customer sends `data` (a message of contract 2). */
async function customerSends(data: Record<string, unknown>) {
  serial += 1;
  const answer = await pushProviderEvent(e2e, instanceId, secret, {
    type: 'message',
    data: {
      id: `wamid-media-${Date.now()}-${serial}`,
      phone: CUSTOMER.phone,
      name: CUSTOMER.name,
      direction: 'in',
      sentAt: new Date().toISOString(),
      ...data,
    },
  });
  expect(answer.status).toBe(200);
}

/** What the provider was asked to send, by type. */
function sentOfType(type: string) {
  return provider.calls.filter(
    (call) => call.method === 'POST' && call.path === '/messages' && call.body?.type === type,
  );
}

/** GETs a link the server gave the provider (on the tenant's host) and answers its bytes. */
async function fetchLink(link: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const url = new URL(link);
  // node:http, not fetch: fetch does not send a `Host` of our choosing.
  return new Promise((resolve, reject) => {
    const req = request(new URL(url.pathname, e2e.serverUrl), { headers: { Host: url.host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function messages(page: Page) {
  return page.getByTestId('message');
}

beforeAll(async () => {
  browser = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  const token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Mídia', provider, secret);
});

afterAll(async () => {
  await agent?.context.close();
  await browser?.close();
  await provider?.close();
});

describe('media in the conversation', () => {
  it('a photo arrives, shows its thumbnail and opens in the lightbox', async () => {
    agent = await openPage(browser, e2e.inbox.baseUrl);
    await agent.context.grantPermissions(['microphone', 'notifications']);
    // The tenant's administrator, who sees every instance: no attendant of 06-inbox is linked to
    // this one, so their queues stay as that file expects whatever order the files run in.
    await logIn(agent.page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    const { page } = agent;
    const url = provider.host('comprovante.png', png(900, 600), 'image/png');
    await customerSends({ type: 'image', body: 'Comprovante do Pix', media: { url, mimeType: 'image/png' } });
    const item = page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name });
    await item.filter({ hasText: '📷 Comprovante do Pix' }).waitFor();
    await item.click();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const photo = page.getByRole('button', { name: /^Ampliar: Comprovante do Pix/ });
    await photo.waitFor();
    // The thumbnail is the server's JPEG, loaded through its expiring link.
    await expect
      .poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(320);
    await shots(page, '16-photo');
    await photo.click();
    const lightbox = page.getByRole('dialog', { name: /Foto 1 de 1/ });
    await lightbox.waitFor();
    await lightbox.getByRole('button', { name: 'Aumentar zoom' }).click();
    await shots(page, '16-lightbox');
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    expect(agent.errors).toEqual([]);
  });

  it('replies with a PDF and with a recorded voice note; the provider fetches both', async () => {
    const { page } = agent;
    await page.getByTestId('file-picker').setInputFiles({
      name: 'boleto.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
    });
    await page.getByRole('textbox', { name: 'Legenda de boleto.pdf' }).fill('Segue o boleto');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect.poll(() => sentOfType('document').length, { timeout: 15_000 }).toBe(1);
    const document = sentOfType('document')[0]?.body as { body: string; media: { url: string; fileName: string } };
    expect(document.body).toBe('Segue o boleto');
    expect(document.media.fileName).toBe('boleto.pdf');
    const pdf = await fetchLink(document.media.url);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 8).toString()).toBe('%PDF-1.4');
    await page.getByText('boleto.pdf').first().waitFor();

    // Chromium's fake microphone: tap to start, tap to stop, then send from the tray.
    const mic = page.getByRole('button', { name: 'Gravar mensagem de voz' });
    await mic.click();
    await page.getByTestId('recording-time').waitFor();
    await page.waitForTimeout(2_500);
    await page.getByRole('button', { name: 'Parar gravação' }).click();
    await page.getByRole('list', { name: 'Arquivos para enviar' }).getByLabel('Prévia da mensagem de voz').waitFor();
    await shots(page, '16-voice-tray');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect.poll(() => sentOfType('audio').length, { timeout: 20_000 }).toBe(1);
    const voice = sentOfType('audio')[0]?.body as { media: { url: string; voice: boolean; mimeType: string } };
    expect(voice.media.voice).toBe(true);
    expect(voice.media.mimeType).toBe('audio/ogg; codecs=opus');
    const ogg = await fetchLink(voice.media.url);
    expect(ogg.bytes.subarray(0, 4).toString()).toBe('OggS');
    // The first page's packet is the OpusHead (RFC 7845): what WhatsApp plays as a voice note.
    expect(ogg.bytes.subarray(28, 36).toString()).toBe('OpusHead');

    // The customer answers with a voice note (the same Ogg/Opus): it plays in the conversation.
    const url = provider.host('resposta.ogg', ogg.bytes, 'audio/ogg');
    await customerSends({ type: 'audio', body: '', media: { url, voice: true } });
    // Two voice notes now, ours and theirs: the customer's is the last (clicking `last()` before it
    // arrives would play ours and watch theirs).
    const players = page.getByRole('button', { name: /^Reproduzir mensagem de voz/ });
    await expect.poll(() => players.count(), { timeout: 15_000 }).toBe(2);
    await players.last().click();
    await expect
      .poll(
        () =>
          page
            .locator('audio')
            .last()
            .evaluate((audio: HTMLAudioElement) => audio.currentTime),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    await shots(page, '16-voice-notes');
    expect(agent.errors).toEqual([]);
  });

  it('reacts to the photo and quotes it; the provider gets the customer message ids', async () => {
    const { page } = agent;
    const photoMessage = messages(page).filter({ has: page.getByRole('button', { name: /^Ampliar: Comprovante/ }) });
    await photoMessage.hover();
    await photoMessage.getByRole('button', { name: 'Reagir' }).click();
    await page
      .getByRole('dialog', { name: 'Escolha uma reação' })
      .getByRole('button', { name: 'Reagir com 👍' })
      .click();
    await expect.poll(() => sentOfType('reaction').length, { timeout: 15_000 }).toBe(1);
    const reaction = sentOfType('reaction')[0]?.body as { reaction: { messageId: string; emoji: string } };
    expect(reaction.reaction.emoji).toBe('👍');
    expect(reaction.reaction.messageId).toMatch(/^wamid-media-/);
    await photoMessage.getByRole('list', { name: 'Reações' }).waitFor();

    await photoMessage.hover();
    await photoMessage.getByRole('button', { name: 'Responder' }).click();
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('Recebido, obrigado!');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => provider.calls.filter((c) => c.path === '/messages' && c.body?.quotedId !== undefined).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const quoted = page.getByRole('button', { name: /^Ir para a mensagem citada/ });
    await quoted.waitFor();
    await shots(page, '16-reaction-and-quote');
    expect(agent.errors).toEqual([]);
  });

  it('sends the store as a map pin from a Google Maps link, and a contact card; the provider gets both', async () => {
    const { page } = agent;
    await page.getByRole('button', { name: 'Enviar localização' }).click();
    const place = page.getByRole('dialog', { name: 'Enviar localização' });
    const coordinates = place.getByLabel('Coordenadas ou link do mapa');
    await coordinates.fill('isto não é um lugar');
    await place.getByRole('button', { name: 'Enviar', exact: true }).click();
    await place.getByText(/Informe latitude e longitude/).waitFor();
    await coordinates.fill('https://www.google.com/maps/place/Loja/@-19.9320,-43.9380,17z');
    await place.getByLabel('Nome do local (opcional)').fill('Loja Savassi');
    await shots(page, '16-send-location');
    await place.getByRole('button', { name: 'Enviar', exact: true }).click();
    await place.waitFor({ state: 'detached' });
    await expect.poll(() => sentOfType('location').length, { timeout: 15_000 }).toBe(1);
    const pin = sentOfType('location')[0]?.body as { body: string; location: Record<string, unknown> };
    expect(pin.location).toEqual({ latitude: -19.932, longitude: -43.938, name: 'Loja Savassi' });
    await messages(page).filter({ hasText: 'Loja Savassi' }).getByRole('link', { name: 'Abrir no mapa' }).waitFor();

    await page.getByRole('button', { name: 'Enviar contato' }).click();
    const card = page.getByRole('dialog', { name: 'Enviar contato' });
    await card.getByRole('textbox', { name: /^Nome/ }).fill('Financeiro Loja');
    await card.getByLabel('Telefone com DDI e DDD').fill('+55 31 3333-4444');
    await shots(page, '16-send-contact');
    await card.getByRole('button', { name: 'Enviar', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => sentOfType('contacts').length, { timeout: 15_000 }).toBe(1);
    const cards = sentOfType('contacts')[0]?.body as { contacts: { name: string; phones: string[] }[] };
    expect(cards.contacts).toEqual([{ name: 'Financeiro Loja', phones: ['+553133334444'] }]);
    await messages(page).filter({ hasText: 'Financeiro Loja' }).waitFor();
    await shots(page, '16-sent-location-and-contact');
    expect(agent.errors).toEqual([]);
  });
});

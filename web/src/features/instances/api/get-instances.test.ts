import { describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { cloudWebhookUrl, getInstances, isCloudInstance, isEvolutionInstance } from './get-instances';

const base = { id: 4, name: 'WhatsApp Vendas', activated: true };

describe('the instance list', () => {
  it('an instance without providerKind (an older server), or with null, is generic', async () => {
    logIn(['instances']);
    stubFetch({ 'GET /api/instance': () => json([base, { ...base, id: 5, providerKind: null, cloud: null }]) });
    const [older, nulled] = await getInstances(undefined);
    expect(older).toMatchObject({ providerKind: 'generic' });
    expect(nulled).toMatchObject({ providerKind: 'generic', cloud: null });
    expect(older && isCloudInstance(older)).toBe(false);
  });

  it('a kind this screen does not know yet is kept, and the rest of the list still reads', async () => {
    logIn(['instances']);
    const cloud = { phoneNumberId: '106540352242922', wabaId: '102290129340398', webhookPath: '/api/instance/6/cloud' };
    stubFetch({
      'GET /api/instance': () =>
        json([
          { ...base, providerKind: 'telegram' },
          { ...base, id: 6, providerKind: 'cloud', hasProvider: true, cloud },
        ]),
    });
    const [unknown, official] = await getInstances(undefined);
    expect(unknown?.providerKind).toBe('telegram');
    expect(unknown && (isCloudInstance(unknown) || isEvolutionInstance(unknown))).toBe(false);
    expect(official).toMatchObject({ providerKind: 'cloud', cloud });
    expect(official && isCloudInstance(official)).toBe(true);
    expect(official && cloudWebhookUrl(official)).toBe(`${window.location.origin}/api/instance/6/cloud`);
  });

  it('an evolution instance reads its gateway address and instance name; a server without the field reads too', async () => {
    logIn(['instances']);
    const evolution = { baseUrl: 'https://evolution.loja.com.br', instanceName: 'loja-centro' };
    stubFetch({
      'GET /api/instance': () =>
        json([
          { ...base, providerKind: 'evolution', hasProvider: true, cloud: null, evolution },
          { ...base, id: 5, providerKind: 'generic' },
        ]),
    });
    const [gateway, older] = await getInstances(undefined);
    expect(gateway).toMatchObject({ providerKind: 'evolution', evolution });
    expect(gateway && isEvolutionInstance(gateway)).toBe(true);
    expect(gateway && isCloudInstance(gateway)).toBe(false);
    expect(older?.evolution).toBeUndefined();
  });
});

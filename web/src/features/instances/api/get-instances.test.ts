import { describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { cloudWebhookUrl, getInstances, isCloudInstance } from './get-instances';

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
          { ...base, providerKind: 'evolution' },
          { ...base, id: 6, providerKind: 'cloud', hasProvider: true, cloud },
        ]),
    });
    const [evolution, official] = await getInstances(undefined);
    expect(evolution?.providerKind).toBe('evolution');
    expect(official).toMatchObject({ providerKind: 'cloud', cloud });
    expect(official && isCloudInstance(official)).toBe(true);
    expect(official && cloudWebhookUrl(official)).toBe(`${window.location.origin}/api/instance/6/cloud`);
  });
});

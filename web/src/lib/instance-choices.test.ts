import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../testing/fixtures';
import { getInstanceChoices, mayBeOfficial } from './instance-choices';

describe('the numbers a person may write through', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GET /api/instance: official by the kind `cloud` (none said: an older server’s, generic)', async () => {
    logIn(['instances']);
    stubFetch({
      'GET /api/instance': () =>
        json([
          { id: 1, name: 'Loja (QR)', activated: true, providerKind: 'evolution' },
          { id: 2, name: 'Loja oficial', activated: true, providerKind: 'cloud' },
          { id: 3, name: 'Antigo', activated: false },
        ]),
    });
    expect(await getInstanceChoices('instances')).toEqual([
      { id: 1, name: 'Loja (QR)', active: true, official: false },
      { id: 2, name: 'Loja oficial', active: true, official: true },
      { id: 3, name: 'Antigo', active: false, official: false },
    ]);
  });

  it('GET /api/inbox/instances: official as it says; unknown when it does not (an older server)', async () => {
    logIn();
    stubFetch({
      'GET /api/inbox/instances': () =>
        json([
          { id: 1, name: 'Loja (QR)', official: false },
          { id: 2, name: 'Loja oficial', official: true },
          { id: 3, name: 'Vendas' },
        ]),
    });
    const choices = await getInstanceChoices('inbox');
    expect(choices).toEqual([
      { id: 1, name: 'Loja (QR)', active: true, official: false },
      { id: 2, name: 'Loja oficial', active: true, official: true },
      { id: 3, name: 'Vendas', active: true, official: null },
    ]);
    // Only a number known not to be official has no templates to offer.
    expect(choices.map(mayBeOfficial)).toEqual([false, true, true]);
  });
});

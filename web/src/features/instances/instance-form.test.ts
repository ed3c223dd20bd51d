import { describe, expect, it } from 'vitest';
import type { Instance } from './api/get-instances';
import { initialFormValues, instanceFormValidation, toInstanceChanges, toNewInstance } from './instance-form';

const generic: Instance = {
  id: 4,
  name: 'WhatsApp Vendas',
  activated: true,
  isOfficial: false,
  isUnlimited: false,
  status: 'connected',
  hasProvider: true,
  providerBaseUrl: 'https://provedor.example',
  providerKind: 'generic',
  cloud: null,
  lastSyncAt: null,
};

const official: Instance = {
  ...generic,
  id: 7,
  isOfficial: true,
  providerBaseUrl: null,
  providerKind: 'cloud',
  cloud: { phoneNumberId: '106540352242922', wabaId: '102290129340398', webhookPath: '/api/instance/7/cloud' },
};

const secrets = { accessToken: 'EAAG', appSecret: 'segredo', verifyToken: 'verifica' };

const gateway: Instance = {
  ...generic,
  id: 9,
  providerBaseUrl: null,
  providerKind: 'evolution',
  evolution: { baseUrl: 'https://evolution.loja.com.br', instanceName: 'loja-centro', keepGroups: false },
};

describe('the instance form', () => {
  it('a generic instance is created as before: no providerKind, the provider only with its secret', () => {
    const values = { ...initialFormValues(null), name: ' Suporte ', providerBaseUrl: 'https://p.example' };
    expect(toNewInstance(values, undefined)).toEqual({
      name: 'Suporte',
      tenantName: undefined,
      isOfficial: false,
      isUnlimited: false,
    });
  });

  it('an unchanged cloud instance sends nothing of its provider', () => {
    expect(toInstanceChanges(initialFormValues(official), official, undefined)).toEqual({
      id: 7,
      tenantName: undefined,
    });
  });

  it('a new secret of a cloud instance travels with the ids, the others are left out', () => {
    const values = { ...initialFormValues(official), appSecret: ' novo-segredo\n' };
    expect(toInstanceChanges(values, official, 'acme')).toEqual({
      id: 7,
      tenantName: 'acme',
      providerKind: 'cloud',
      cloud: { phoneNumberId: '106540352242922', wabaId: '102290129340398', appSecret: 'novo-segredo' },
    });
  });

  it('a generic instance turned cloud sends the kind and all five fields', () => {
    const values = {
      ...initialFormValues(generic),
      providerKind: 'cloud' as const,
      isOfficial: true,
      phoneNumberId: '1',
      wabaId: '2',
      ...secrets,
    };
    expect(toInstanceChanges(values, generic, undefined)).toEqual({
      id: 4,
      tenantName: undefined,
      isOfficial: true,
      providerKind: 'cloud',
      cloud: { phoneNumberId: '1', wabaId: '2', ...secrets },
    });
  });

  it('a cloud instance turned generic sends the kind and the new provider', () => {
    const values = {
      ...initialFormValues(official),
      providerKind: 'generic' as const,
      providerBaseUrl: 'https://p.example',
      providerSecret: 's',
    };
    expect(toInstanceChanges(values, official, undefined)).toEqual({
      id: 7,
      tenantName: undefined,
      providerKind: 'generic',
      providerBaseUrl: 'https://p.example',
      providerSecret: 's',
    });
  });

  it('an instance of a kind this screen does not know keeps it when only its name changes', () => {
    const unknown = { ...generic, providerKind: 'telegram' };
    const values = { ...initialFormValues(unknown), name: 'Outro nome' };
    expect(toInstanceChanges(values, unknown, undefined)).toEqual({
      id: 4,
      tenantName: undefined,
      name: 'Outro nome',
    });
  });

  it('a new evolution instance sends the kind and its three fields, trimmed, and no generic provider', () => {
    const values = {
      ...initialFormValues(null),
      name: 'WhatsApp Loja',
      providerKind: 'evolution' as const,
      providerBaseUrl: 'https://restou.example',
      evolutionBaseUrl: ' https://evolution.loja.com.br ',
      evolutionInstanceName: 'loja-centro ',
      evolutionApiKey: ' chave\n',
    };
    expect(toNewInstance(values, 'acme')).toEqual({
      name: 'WhatsApp Loja',
      tenantName: 'acme',
      isOfficial: false,
      isUnlimited: false,
      providerKind: 'evolution',
      evolution: {
        baseUrl: 'https://evolution.loja.com.br',
        instanceName: 'loja-centro',
        apiKey: 'chave',
        keepGroups: false,
      },
    });
  });

  it('an unchanged evolution instance sends nothing of its gateway; a new name sends address and name, not the key', () => {
    expect(toInstanceChanges(initialFormValues(gateway), gateway, undefined)).toEqual({ id: 9, tenantName: undefined });
    const values = { ...initialFormValues(gateway), evolutionInstanceName: 'loja-sul' };
    expect(toInstanceChanges(values, gateway, undefined)).toEqual({
      id: 9,
      tenantName: undefined,
      providerKind: 'evolution',
      evolution: { baseUrl: 'https://evolution.loja.com.br', instanceName: 'loja-sul', keepGroups: false },
    });
    const grouped = { ...initialFormValues(gateway), evolutionKeepGroups: true };
    expect(toInstanceChanges(grouped, gateway, undefined)).toMatchObject({
      providerKind: 'evolution',
      evolution: { keepGroups: true },
    });
  });

  it('a generic instance turned evolution sends the kind and the three fields', () => {
    const values = {
      ...initialFormValues(generic),
      providerKind: 'evolution' as const,
      evolutionBaseUrl: 'https://evolution.loja.com.br',
      evolutionInstanceName: 'vendas',
      evolutionApiKey: 'chave',
    };
    expect(toInstanceChanges(values, generic, undefined)).toEqual({
      id: 4,
      tenantName: undefined,
      providerKind: 'evolution',
      evolution: {
        baseUrl: 'https://evolution.loja.com.br',
        instanceName: 'vendas',
        apiKey: 'chave',
        keepGroups: false,
      },
    });
  });

  it("checks the gateway's fields only for the evolution kind; its key is required unless one is stored", () => {
    const check = (instance: Instance | null, values: Partial<ReturnType<typeof initialFormValues>>) => {
      const rules = instanceFormValidation(instance);
      const all = { ...initialFormValues(instance), ...values };
      return {
        evolutionBaseUrl: rules.evolutionBaseUrl(all.evolutionBaseUrl, all),
        evolutionInstanceName: rules.evolutionInstanceName(all.evolutionInstanceName, all),
        evolutionApiKey: rules.evolutionApiKey(all.evolutionApiKey, all),
      };
    };
    expect(check(null, { providerKind: 'generic' })).toEqual({
      evolutionBaseUrl: null,
      evolutionInstanceName: null,
      evolutionApiKey: null,
    });
    expect(check(null, { providerKind: 'evolution' })).toEqual({
      evolutionBaseUrl: 'Informe o endereço do gateway.',
      evolutionInstanceName: 'Informe o nome da instância no gateway.',
      evolutionApiKey: 'Informe a chave de API do gateway.',
    });
    const invalidName = 'Use apenas letras (sem acento), números, - e _, até 64 caracteres.';
    for (const name of ['loja centro', 'loja/centro', 'instância', 'a'.repeat(65)]) {
      expect(check(null, { providerKind: 'evolution', evolutionInstanceName: name }).evolutionInstanceName).toBe(
        invalidName,
      );
    }
    expect(
      check(null, {
        providerKind: 'evolution',
        evolutionBaseUrl: 'evolution.loja.com.br',
        evolutionInstanceName: 'Loja_Centro-2',
        evolutionApiKey: 'k',
      }),
    ).toEqual({
      evolutionBaseUrl: 'Informe o endereço completo do gateway, ex.: https://evolution.suaempresa.com.br.',
      evolutionInstanceName: null,
      evolutionApiKey: null,
    });
    expect(
      check(null, { providerKind: 'evolution', evolutionInstanceName: 'a'.repeat(64) }).evolutionInstanceName,
    ).toBe(null);
    // Editing an evolution instance: its stored key is kept when the field is left empty.
    expect(check(gateway, {}).evolutionApiKey).toBeNull();
    // A generic instance turned evolution has no key to keep.
    expect(check(generic, { providerKind: 'evolution' }).evolutionApiKey).toBe('Informe a chave de API do gateway.');
  });
});

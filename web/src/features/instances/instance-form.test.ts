import { describe, expect, it } from 'vitest';
import type { Instance } from './api/get-instances';
import { initialFormValues, toInstanceChanges, toNewInstance } from './instance-form';

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
    const evolution = { ...generic, providerKind: 'evolution' };
    const values = { ...initialFormValues(evolution), name: 'Outro nome' };
    expect(toInstanceChanges(values, evolution, undefined)).toEqual({
      id: 4,
      tenantName: undefined,
      name: 'Outro nome',
    });
  });
});

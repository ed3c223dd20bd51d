/**
 * The instance form's values and what they become: its checks before sending, the body of a new
 * instance, and the changes of an edited one (only what changed is sent). Three kinds of provider:
 * `generic` (URL + secret, optional), `cloud` (Meta's WhatsApp Cloud API: two ids and three
 * secrets) and `evolution` (an Evolution API gateway: its address, the number's instance name there
 * and the gateway's API key). Secrets are never read back from the server, so on edit an empty
 * secret keeps the stored one.
 */
import type { NewInstanceInput } from './api/create-instance';
import { isCloudInstance, isEvolutionInstance, type Instance, type ProviderKind } from './api/get-instances';
import type { CloudChanges, EvolutionChanges, InstanceChangesInput } from './api/update-instance';

export const MAX_NAME = 80;
/** The server's limits for a gateway's instance name and API key. */
export const MAX_EVOLUTION_INSTANCE_NAME = 64;
export const MAX_EVOLUTION_API_KEY = 512;

export interface InstanceFormValues {
  name: string;
  isOfficial: boolean;
  isUnlimited: boolean;
  activated: boolean;
  providerKind: ProviderKind;
  providerBaseUrl: string;
  providerSecret: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  evolutionBaseUrl: string;
  evolutionInstanceName: string;
  evolutionApiKey: string;
  /** Group chats reach the inbox (each group a customer). */
  evolutionKeepGroups: boolean;
}

/** The server's field names (422 `errors[].field`) → the form's. */
export const INSTANCE_FIELD_MAP: Record<string, string> = {
  name: 'name',
  providerKind: 'providerKind',
  providerBaseUrl: 'providerBaseUrl',
  providerSecret: 'providerSecret',
  'cloud.phoneNumberId': 'phoneNumberId',
  'cloud.wabaId': 'wabaId',
  'cloud.accessToken': 'accessToken',
  'cloud.appSecret': 'appSecret',
  'cloud.verifyToken': 'verifyToken',
  'evolution.baseUrl': 'evolutionBaseUrl',
  'evolution.instanceName': 'evolutionInstanceName',
  'evolution.apiKey': 'evolutionApiKey',
};

/**
 * The kind the form starts with. A kind this screen does not know yet (added to the server later)
 * starts as `generic`, and the update sends no `providerKind` unless the user picks another one.
 */
export function formKind(instance: Instance | null): ProviderKind {
  if (instance && isCloudInstance(instance)) return 'cloud';
  if (instance && isEvolutionInstance(instance)) return 'evolution';
  return 'generic';
}

export function initialFormValues(instance: Instance | null): InstanceFormValues {
  return {
    name: instance?.name ?? '',
    isOfficial: instance?.isOfficial ?? false,
    isUnlimited: instance?.isUnlimited ?? false,
    activated: instance?.activated ?? true,
    providerKind: formKind(instance),
    providerBaseUrl: instance?.providerBaseUrl ?? '',
    providerSecret: '',
    phoneNumberId: instance?.cloud?.phoneNumberId ?? '',
    wabaId: instance?.cloud?.wabaId ?? '',
    accessToken: '',
    appSecret: '',
    verifyToken: '',
    evolutionBaseUrl: instance?.evolution?.baseUrl ?? '',
    evolutionInstanceName: instance?.evolution?.instanceName ?? '',
    evolutionApiKey: '',
    evolutionKeepGroups: instance?.evolution?.keepGroups ?? false,
  };
}

const DIGITS = /^\d+$/;

/** Meta's ids are numbers: a pasted name or URL is caught here rather than by Meta later. */
function cloudId(value: string, what: string): string | null {
  const id = value.trim();
  if (id === '') return `Informe o ${what}.`;
  return DIGITS.test(id) ? null : `O ${what} deve ter apenas dígitos, como aparece no painel da Meta.`;
}

/** The gateway's instance name, as the server accepts it (ASCII letters and digits, `-`, `_`). */
const EVOLUTION_INSTANCE_NAME = /^[A-Za-z0-9_-]+$/;

/** A gateway address the server can parse: an http(s) URL (http only for a private gateway). */
function evolutionBaseUrl(value: string): string | null {
  const address = value.trim();
  if (address === '') return 'Informe o endereço do gateway.';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'Informe o endereço completo do gateway, ex.: https://evolution.suaempresa.com.br.';
  }
  return url.protocol === 'https:' || url.protocol === 'http:'
    ? null
    : 'Informe o endereço completo do gateway, ex.: https://evolution.suaempresa.com.br.';
}

function evolutionInstanceName(value: string): string | null {
  const name = value.trim();
  if (name === '') return 'Informe o nome da instância no gateway.';
  return name.length <= MAX_EVOLUTION_INSTANCE_NAME && EVOLUTION_INSTANCE_NAME.test(name)
    ? null
    : `Use apenas letras (sem acento), números, - e _, até ${MAX_EVOLUTION_INSTANCE_NAME} caracteres.`;
}

/**
 * The checks of `useForm`. The Cloud API secrets are required unless the instance already has
 * them (a cloud instance being edited), and so is the gateway's API key (unless an evolution
 * instance is being edited); the other kinds' fields are not checked.
 */
export function instanceFormValidation(instance: Instance | null) {
  const hasCloudSecrets = instance !== null && isCloudInstance(instance);
  const hasEvolutionKey = instance !== null && isEvolutionInstance(instance) && instance.hasProvider;
  const cloud = (values: InstanceFormValues) => values.providerKind === 'cloud';
  const evolution = (values: InstanceFormValues) => values.providerKind === 'evolution';
  const generic = (values: InstanceFormValues) => values.providerKind === 'generic';
  const secret = (value: string, values: InstanceFormValues, message: string) =>
    cloud(values) && !hasCloudSecrets && value.trim() === '' ? message : null;
  return {
    name: (value: string) => {
      const name = value.trim();
      if (name === '') return 'O campo nome é obrigatório';
      return name.length > MAX_NAME ? `O campo nome deve ter no máximo ${MAX_NAME} caracteres` : null;
    },
    providerSecret: (value: string, values: InstanceFormValues) => {
      if (!generic(values)) return null;
      const urlChanged = values.providerBaseUrl.trim() !== (instance?.providerBaseUrl ?? '');
      if (values.providerBaseUrl.trim() !== '' && value === '' && (urlChanged || !instance?.hasProvider)) {
        return 'Informe o segredo do provedor.';
      }
      return null;
    },
    providerBaseUrl: (value: string, values: InstanceFormValues) =>
      generic(values) && value.trim() === '' && values.providerSecret !== '' ? 'Informe a URL do provedor.' : null,
    phoneNumberId: (value: string, values: InstanceFormValues) =>
      cloud(values) ? cloudId(value, 'ID do número de telefone') : null,
    wabaId: (value: string, values: InstanceFormValues) =>
      cloud(values) ? cloudId(value, 'ID da conta do WhatsApp Business') : null,
    accessToken: (value: string, values: InstanceFormValues) => secret(value, values, 'Informe o token de acesso.'),
    appSecret: (value: string, values: InstanceFormValues) => secret(value, values, 'Informe a chave secreta do app.'),
    verifyToken: (value: string, values: InstanceFormValues) =>
      secret(value, values, 'Informe o token de verificação do webhook.'),
    evolutionBaseUrl: (value: string, values: InstanceFormValues) =>
      evolution(values) ? evolutionBaseUrl(value) : null,
    evolutionInstanceName: (value: string, values: InstanceFormValues) =>
      evolution(values) ? evolutionInstanceName(value) : null,
    evolutionApiKey: (value: string, values: InstanceFormValues) => {
      if (!evolution(values)) return null;
      const key = value.trim();
      if (key === '') return hasEvolutionKey ? null : 'Informe a chave de API do gateway.';
      return key.length > MAX_EVOLUTION_API_KEY
        ? `A chave de API tem no máximo ${MAX_EVOLUTION_API_KEY} caracteres.`
        : null;
    },
  };
}

/** The generic provider, sent only with its secret (the server checks URL and secret as a pair). */
function genericProvider(values: InstanceFormValues): Pick<NewInstanceInput, 'providerBaseUrl' | 'providerSecret'> {
  return values.providerSecret !== ''
    ? { providerBaseUrl: values.providerBaseUrl.trim(), providerSecret: values.providerSecret }
    : {};
}

/** The Cloud API fields, trimmed (a pasted token often ends with a space or a line break). */
function cloudFields(values: InstanceFormValues): CloudChanges {
  const fields: CloudChanges = { phoneNumberId: values.phoneNumberId.trim(), wabaId: values.wabaId.trim() };
  const accessToken = values.accessToken.trim();
  const appSecret = values.appSecret.trim();
  const verifyToken = values.verifyToken.trim();
  if (accessToken !== '') fields.accessToken = accessToken;
  if (appSecret !== '') fields.appSecret = appSecret;
  if (verifyToken !== '') fields.verifyToken = verifyToken;
  return fields;
}

/** The gateway's fields, trimmed; an empty API key is left out (on edit: keep the stored one). */
function evolutionFields(values: InstanceFormValues): EvolutionChanges {
  const fields: EvolutionChanges = {
    baseUrl: values.evolutionBaseUrl.trim(),
    instanceName: values.evolutionInstanceName.trim(),
    keepGroups: values.evolutionKeepGroups,
  };
  const apiKey = values.evolutionApiKey.trim();
  if (apiKey !== '') fields.apiKey = apiKey;
  return fields;
}

/**
 * A new instance: a cloud one sends its five fields, an evolution one its three, and neither a
 * generic provider.
 */
export function toNewInstance(values: InstanceFormValues, tenantName: string | undefined): NewInstanceInput {
  const base = { name: values.name.trim(), tenantName, isOfficial: values.isOfficial, isUnlimited: values.isUnlimited };
  if (values.providerKind === 'evolution') {
    const evolution = evolutionFields(values);
    return { ...base, providerKind: 'evolution', evolution: { ...evolution, apiKey: evolution.apiKey ?? '' } };
  }
  if (values.providerKind !== 'cloud') return { ...base, ...genericProvider(values) };
  const cloud = cloudFields(values);
  return {
    ...base,
    providerKind: 'cloud',
    cloud: {
      phoneNumberId: cloud.phoneNumberId,
      wabaId: cloud.wabaId,
      accessToken: cloud.accessToken ?? '',
      appSecret: cloud.appSecret ?? '',
      verifyToken: cloud.verifyToken ?? '',
    },
  };
}

/**
 * The changes of an edited instance. Cloud fields travel (with `providerKind: 'cloud'`) when the
 * kind, an id or a secret changed; the gateway's fields (with `providerKind: 'evolution'`) when the
 * kind, the address, the instance name or the key changed; the kind alone travels when it became
 * `generic`.
 */
export function toInstanceChanges(
  values: InstanceFormValues,
  instance: Instance,
  tenantName: string | undefined,
): InstanceChangesInput {
  const changes: InstanceChangesInput = { id: instance.id, tenantName };
  const name = values.name.trim();
  if (name !== instance.name) changes.name = name;
  if (values.activated !== instance.activated) changes.activated = values.activated;
  if (values.isOfficial !== instance.isOfficial) changes.isOfficial = values.isOfficial;
  if (values.isUnlimited !== instance.isUnlimited) changes.isUnlimited = values.isUnlimited;
  const kindChanged = values.providerKind !== formKind(instance);
  if (values.providerKind === 'cloud') {
    const cloud = cloudFields(values);
    const changed =
      kindChanged ||
      cloud.phoneNumberId !== (instance.cloud?.phoneNumberId ?? '') ||
      cloud.wabaId !== (instance.cloud?.wabaId ?? '') ||
      Object.keys(cloud).length > 2;
    if (changed) Object.assign(changes, { providerKind: 'cloud', cloud });
    return changes;
  }
  if (values.providerKind === 'evolution') {
    const evolution = evolutionFields(values);
    const changed =
      kindChanged ||
      evolution.baseUrl !== (instance.evolution?.baseUrl ?? '') ||
      evolution.instanceName !== (instance.evolution?.instanceName ?? '') ||
      evolution.keepGroups !== (instance.evolution?.keepGroups ?? false) ||
      evolution.apiKey !== undefined;
    if (changed) Object.assign(changes, { providerKind: 'evolution', evolution });
    return changes;
  }
  if (kindChanged) changes.providerKind = 'generic';
  return { ...changes, ...genericProvider(values) };
}

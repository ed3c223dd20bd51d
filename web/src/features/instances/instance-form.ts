/**
 * The instance form's values and what they become: its checks before sending, the body of a new
 * instance, and the changes of an edited one (only what changed is sent). Two kinds of provider:
 * `generic` (URL + secret, optional) and `cloud` (Meta's WhatsApp Cloud API: two ids and three
 * secrets). Secrets are never read back from the server, so on edit an empty secret keeps the
 * stored one.
 */
import type { NewInstanceInput } from './api/create-instance';
import { isCloudInstance, type Instance, type ProviderKind } from './api/get-instances';
import type { CloudChanges, InstanceChangesInput } from './api/update-instance';

export const MAX_NAME = 80;

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
};

/**
 * The kind the form starts with. A kind this screen does not know yet (added to the server later)
 * starts as `generic`, and the update sends no `providerKind` unless the user picks another one.
 */
export function formKind(instance: Instance | null): ProviderKind {
  return instance && isCloudInstance(instance) ? 'cloud' : 'generic';
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
  };
}

const DIGITS = /^\d+$/;

/** Meta's ids are numbers: a pasted name or URL is caught here rather than by Meta later. */
function cloudId(value: string, what: string): string | null {
  const id = value.trim();
  if (id === '') return `Informe o ${what}.`;
  return DIGITS.test(id) ? null : `O ${what} deve ter apenas dígitos, como aparece no painel da Meta.`;
}

/**
 * The checks of `useForm`. The Cloud API secrets are required unless the instance already has
 * them (a cloud instance being edited); the other kind's fields are not checked.
 */
export function instanceFormValidation(instance: Instance | null) {
  const hasCloudSecrets = instance !== null && isCloudInstance(instance);
  const cloud = (values: InstanceFormValues) => values.providerKind === 'cloud';
  const secret = (value: string, values: InstanceFormValues, message: string) =>
    cloud(values) && !hasCloudSecrets && value.trim() === '' ? message : null;
  return {
    name: (value: string) => {
      const name = value.trim();
      if (name === '') return 'O campo nome é obrigatório';
      return name.length > MAX_NAME ? `O campo nome deve ter no máximo ${MAX_NAME} caracteres` : null;
    },
    providerSecret: (value: string, values: InstanceFormValues) => {
      if (cloud(values)) return null;
      const urlChanged = values.providerBaseUrl.trim() !== (instance?.providerBaseUrl ?? '');
      if (values.providerBaseUrl.trim() !== '' && value === '' && (urlChanged || !instance?.hasProvider)) {
        return 'Informe o segredo do provedor.';
      }
      return null;
    },
    providerBaseUrl: (value: string, values: InstanceFormValues) =>
      !cloud(values) && value.trim() === '' && values.providerSecret !== '' ? 'Informe a URL do provedor.' : null,
    phoneNumberId: (value: string, values: InstanceFormValues) =>
      cloud(values) ? cloudId(value, 'ID do número de telefone') : null,
    wabaId: (value: string, values: InstanceFormValues) =>
      cloud(values) ? cloudId(value, 'ID da conta do WhatsApp Business') : null,
    accessToken: (value: string, values: InstanceFormValues) => secret(value, values, 'Informe o token de acesso.'),
    appSecret: (value: string, values: InstanceFormValues) => secret(value, values, 'Informe a chave secreta do app.'),
    verifyToken: (value: string, values: InstanceFormValues) =>
      secret(value, values, 'Informe o token de verificação do webhook.'),
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

/** A new instance: a cloud one sends its five fields and no generic provider. */
export function toNewInstance(values: InstanceFormValues, tenantName: string | undefined): NewInstanceInput {
  const base = { name: values.name.trim(), tenantName, isOfficial: values.isOfficial, isUnlimited: values.isUnlimited };
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
 * kind, an id or a secret changed; the kind alone travels when it became `generic`.
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
  if (kindChanged) changes.providerKind = 'generic';
  return { ...changes, ...genericProvider(values) };
}

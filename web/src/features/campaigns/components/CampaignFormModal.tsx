/**
 * "Nova campanha" (docs/campaigns.md): name, the instance that sends, the message with its
 * variables (`{{nome}}`, `{{telefone}}` and the columns of an imported file; a click puts one where
 * the cursor is), an optional file the message goes with as its caption (uploaded as soon as it is
 * picked, `POST /api/campaigns/media`), the recipients — phones one per line, groups of customers, a spreadsheet —, and
 * an optional schedule in São Paulo time. "Pré-visualizar" asks the server what the campaign would
 * be (`POST /api/campaigns/preview`, nothing written) and shows it; "Criar campanha" is offered only
 * for the draft that was previewed (any change asks for a new preview). The campaign is created as
 * a draft and opened: it is started from there.
 *
 * On an official number (docs/campaigns.md#templates) the message is an approved template of the
 * number with its parameters' values (CampaignTemplateFields), sent without a file; the pre-flight
 * then shows the template and its estimated cost. The instance list says which numbers are official
 * (`GET /api/instance` by the kind `cloud`, the inbox's by `official`); when it does not (an older
 * server's inbox list), a number with templates is taken as official; and so is one the server asks
 * a template for (422 `template`), whatever the list said.
 * Switching back to another number brings the free text (and its file) back.
 */
import {
  Box,
  Button,
  Divider,
  Fieldset,
  Group,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEye } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { AttachmentField } from '../../../components/AttachmentField';
import { DateField } from '../../../components/DateField';
import { TimeField } from '../../../components/TimeField';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formErrors } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/http';
import { useCreateCampaign } from '../api/create-campaign';
import { useCampaignInstances, type InstanceSource } from '../api/get-campaign-instances';
import { useCustomerGroups } from '../api/get-customer-groups';
import { useCampaignTemplates } from '../api/get-templates';
import { usePreviewCampaign } from '../api/preview-campaign';
import type { Campaign, ImportResult, Preflight } from '../api/schemas';
import { uploadCampaignMedia } from '../api/upload-campaign-media';
import {
  BODY_MAX,
  draftSignature,
  EMPTY_DRAFT,
  fieldOfServer,
  isOfficial,
  knownVariables,
  NAME_MAX,
  parsePhones,
  toInput,
  validateDraft,
  withoutTemplateErrors,
  type DraftValues,
} from '../draft';
import { formatCount } from '../progress';
import { CampaignTemplateFields } from './CampaignTemplateFields';
import { PreflightPanel } from './PreflightPanel';
import { RecipientsImport } from './RecipientsImport';

const INSTANCE_STATUS: Record<string, string> = {
  disconnected: 'desconectada',
  qrcode: 'aguardando QR code',
  connecting: 'conectando',
};

export interface CampaignFormModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (campaign: Campaign) => void;
  instanceSource: InstanceSource;
  /** Opens the template price table (users who may edit it: route `instances`); absent: not offered. */
  onOpenPrices?: () => void;
  /** Goes up each time the price table is saved: a pre-flight made before must be made again. */
  pricesVersion?: number;
  /** The modal's place in a `Modal.Stack` (the price table opens over it). */
  stackId?: string;
}

export function CampaignFormModal({
  opened,
  onClose,
  onCreated,
  instanceSource,
  onOpenPrices,
  pricesVersion = 0,
  stackId,
}: CampaignFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Nova campanha" size="xl" stackId={stackId}>
      {opened ? (
        <CampaignForm
          onCancel={onClose}
          onCreated={onCreated}
          instanceSource={instanceSource}
          onOpenPrices={onOpenPrices}
          pricesVersion={pricesVersion}
        />
      ) : null}
    </FormModal>
  );
}

interface CampaignFormProps {
  onCancel: () => void;
  onCreated: (campaign: Campaign) => void;
  instanceSource: InstanceSource;
  onOpenPrices?: () => void;
  pricesVersion: number;
}

function CampaignForm({ onCancel, onCreated, instanceSource, onOpenPrices, pricesVersion }: CampaignFormProps) {
  const instances = useCampaignInstances(instanceSource);
  const groups = useCustomerGroups();
  const preview = usePreviewCampaign();
  const create = useCreateCampaign();
  const [imported, setImported] = useState<ImportResult | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [previewed, setPreviewed] = useState<{
    signature: string;
    preflight: Preflight;
    fileName: string | null;
    pricesVersion: number;
  } | null>(null);
  /** Instances the server asked a template for (422 `template`): official, whatever the list said. */
  const [askedForTemplate, setAskedForTemplate] = useState<string[]>([]);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  /** Files still uploading: the preview and the create call wait for them. */
  const [uploads, setUploads] = useState(0);
  const uploading = uploads > 0;
  const form = useForm<DraftValues>({ mode: 'controlled', initialValues: EMPTY_DRAFT });

  const instanceId = form.values.instanceId;
  /** What the list says of the number: official or not; null when it does not say (an older server). */
  const listedOfficial = instances.data?.find((instance) => String(instance.id) === instanceId)?.official ?? null;
  const serverAsked = askedForTemplate.includes(instanceId);
  // Templates are read unless the number is known not to be official (and the server did not ask).
  const mayBeOfficial = instanceId !== '' && (listedOfficial !== false || serverAsked);
  const templates = useCampaignTemplates(mayBeOfficial ? Number(instanceId) : null);
  const officialState =
    instanceId === '' ? false : isOfficial(listedOfficial, templates.isError ? [] : templates.data, serverAsked);
  const official = officialState === true;

  const signature = draftSignature(form.values, imported, official);
  const sameDraft = previewed !== null && previewed.signature === signature;
  const current = sameDraft && previewed.pricesVersion === pricesVersion;
  const variables = knownVariables(imported?.columns ?? []);
  const phoneCount = parsePhones(form.values.phones).length;

  const instanceData = useMemo(
    () =>
      (instances.data ?? [])
        .filter((instance) => instance.active)
        .map((instance) => ({
          value: String(instance.id),
          label:
            instance.status && INSTANCE_STATUS[instance.status]
              ? `${instance.name} (${INSTANCE_STATUS[instance.status]})`
              : instance.name,
        })),
    [instances.data],
  );
  const groupData = useMemo(
    () =>
      (groups.data ?? []).map((group) => ({
        value: String(group.id),
        label: `${group.name} (${formatCount(group.members)} ${group.members === 1 ? 'cliente' : 'clientes'})`,
      })),
    [groups.data],
  );

  /** Checks the draft; false (with the errors shown) when it cannot be sent. */
  function check(): boolean {
    const errors = validateDraft(form.values, imported, new Date(), official);
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  }

  /** Shows a refusal of what was sent (`sentOfficial`: a template, not free text). */
  function showServerErrors(error: unknown, sentOfficial: boolean) {
    const fieldMap: Record<string, string> = {};
    if (error instanceof ApiError) {
      for (const entry of error.errors) {
        const field = entry.field !== undefined ? fieldOfServer(entry.field) : undefined;
        // With a template, the message and the file are not on screen: their errors go above.
        if (sentOfficial && (field === 'body' || field === 'attachment')) continue;
        if (entry.field !== undefined && field) fieldMap[entry.field] = field;
        // The number is official after all (the list did not say so): the template picker shows.
        if (entry.field === 'template' && !sentOfficial && instanceId !== '') {
          setAskedForTemplate((ids) => (ids.includes(instanceId) ? ids : [...ids, instanceId]));
        }
      }
    }
    const errors = formErrors(error, fieldMap);
    form.setErrors(errors.fields);
    setGeneral(errors.general);
  }

  function runPreview() {
    // While the number's kind is being found out, what its message is is not known yet.
    if (uploading || officialState === null) return;
    setGeneral([]);
    if (!check()) return;
    const sentSignature = signature;
    const sentOfficial = official;
    const sentFile = official ? null : (form.values.attachment?.fileName ?? null);
    const sentPrices = pricesVersion;
    preview.mutate(toInput(form.values, imported, sentOfficial), {
      onSuccess: (preflight) => {
        setPreviewed({ signature: sentSignature, preflight, fileName: sentFile, pricesVersion: sentPrices });
        // The pre-flight shows under the form: bring it into view (on a phone it is below the fold).
        requestAnimationFrame(() => previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }));
      },
      onError: (error) => {
        setPreviewed(null);
        showServerErrors(error, sentOfficial);
      },
    });
  }

  function submit() {
    setGeneral([]);
    if (uploading || officialState === null || !current || !check()) return;
    const sentOfficial = official;
    create.mutate(toInput(form.values, imported, sentOfficial), {
      onSuccess: onCreated,
      onError: (error) => showServerErrors(error, sentOfficial),
    });
  }

  function insertVariable(name: string) {
    const token = `{{${name}}}`;
    const textarea = bodyRef.current;
    const body = form.values.body;
    const start = textarea?.selectionStart ?? body.length;
    const end = textarea?.selectionEnd ?? body.length;
    form.setFieldValue('body', `${body.slice(0, start)}${token}${body.slice(end)}`);
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <FormAlert messages={general} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Nome da campanha"
            required
            maxLength={NAME_MAX}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label="Instância"
            description="O número que envia; o ritmo de envio é o dela."
            required
            data={instanceData}
            placeholder={instances.isPending ? 'Carregando…' : 'Escolha a instância'}
            nothingFoundMessage={
              instances.isError ? 'Não foi possível listar as instâncias.' : 'Nenhuma instância ativa.'
            }
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('instanceId')}
            value={form.values.instanceId || null}
            onChange={(value: string | null) => {
              // A template belongs to its number: another number starts without one.
              form.setValues({ instanceId: value ?? '', templateId: '', templateParameters: [] });
              const { instanceId: _, ...others } = withoutTemplateErrors(form.errors);
              form.setErrors(others);
            }}
          />
        </SimpleGrid>

        {officialState === null ? (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed" role="status">
              Verificando se o número é oficial…
            </Text>
          </Group>
        ) : official ? (
          <CampaignTemplateFields form={form} templates={templates} variables={variables} />
        ) : (
          <>
            <Stack gap={6}>
              <Textarea
                ref={bodyRef}
                label="Mensagem"
                required
                autosize
                minRows={4}
                maxRows={12}
                maxLength={BODY_MAX}
                description="As variáveis entre chaves duplas são trocadas pelos dados de cada destinatário."
                {...form.getInputProps('body')}
              />
              <Group gap={6} wrap="wrap" role="group" aria-label="Inserir variável na mensagem">
                <Text size="xs" c="dimmed">
                  Variáveis:
                </Text>
                {variables.map((variable) => (
                  <Button
                    key={variable}
                    size="compact-xs"
                    variant="default"
                    onClick={() => insertVariable(variable)}
                    aria-label={`Inserir {{${variable}}}`}
                  >
                    {`{{${variable}}}`}
                  </Button>
                ))}
              </Group>
            </Stack>

            <AttachmentField
              label="Arquivo (opcional)"
              description="A mensagem vai como legenda do arquivo."
              value={form.values.attachment}
              onChange={(file) => form.setFieldValue('attachment', file)}
              upload={uploadCampaignMedia}
              error={form.errors.attachment}
              onUploadingChange={(started) => setUploads((count) => Math.max(0, count + (started ? 1 : -1)))}
            />
          </>
        )}

        <Fieldset legend="Destinatários" radius="md">
          <Stack gap="sm">
            <Textarea
              label="Telefones"
              description={`Um por linha, com DDD.${phoneCount > 0 ? ` ${formatCount(phoneCount)} ${phoneCount === 1 ? 'telefone' : 'telefones'}.` : ''}`}
              placeholder={'11 99999-0000\n21 98888-7777'}
              autosize
              minRows={3}
              maxRows={10}
              {...form.getInputProps('phones')}
            />
            <MultiSelect
              label="Grupos de clientes"
              placeholder={groups.isPending ? 'Carregando…' : 'Nenhum grupo'}
              data={groupData}
              searchable
              clearable
              nothingFoundMessage={groups.isError ? 'Não foi possível listar os grupos.' : 'Nenhum grupo.'}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('groupIds')}
            />
            <RecipientsImport value={imported} onChange={setImported} />
            <Text size="xs" c="dimmed">
              Quem aparece em mais de uma origem recebe uma vez só; clientes na lista de bloqueio não recebem.
            </Text>
          </Stack>
        </Fieldset>

        <Stack gap="xs">
          <Switch
            label="Agendar o envio"
            description="Sem agendar, o envio começa quando você clicar em Iniciar."
            {...form.getInputProps('schedule', { type: 'checkbox' })}
          />
          {form.values.schedule ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <DateField label="Data" description="Horário de Brasília" {...form.getInputProps('scheduleDate')} />
              <TimeField label="Hora" description="Horário de Brasília" {...form.getInputProps('scheduleTime')} />
            </SimpleGrid>
          ) : null}
        </Stack>

        {previewed ? (
          <Stack gap={4}>
            {!current ? (
              <Text size="sm" c="dimmed" role="status">
                {sameDraft
                  ? 'A tabela de preços mudou depois da pré-visualização: pré-visualize de novo para ver o custo e criar.'
                  : 'A campanha mudou depois da pré-visualização: pré-visualize de novo para criar.'}
              </Text>
            ) : null}
            <Box ref={previewRef} opacity={current ? 1 : 0.55}>
              <PreflightPanel
                preflight={previewed.preflight}
                fileName={previewed.fileName}
                onOpenPrices={onOpenPrices}
              />
            </Box>
          </Stack>
        ) : null}

        <Divider />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button
            variant={current ? 'default' : 'filled'}
            leftSection={<IconEye size={16} />}
            onClick={runPreview}
            loading={preview.isPending}
            disabled={create.isPending || uploading || officialState === null}
          >
            Pré-visualizar
          </Button>
          <Button
            type="submit"
            disabled={!current || uploading || previewed?.preflight.recipients === 0}
            loading={create.isPending}
          >
            Criar campanha
          </Button>
        </Group>
        {uploading ? (
          <Text size="xs" c="dimmed" ta="right" role="status">
            Aguarde o envio do arquivo para pré-visualizar e criar.
          </Text>
        ) : !current ? (
          <Text size="xs" c="dimmed" ta="right">
            Pré-visualize para conferir os destinatários antes de criar.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

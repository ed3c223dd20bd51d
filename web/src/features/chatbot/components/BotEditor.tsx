/**
 * The bot's configuration for one scope as a form: on/off, name, greeting and menu text, the menu's
 * options (ordered by dragging; an answer may carry a file), what it says to an invalid answer and
 * how many it takes, the handover message, the out-of-hours message (the hours are the company's:
 * "Níveis de serviço", linked for whoever may open it), and what happens after a silence (minutes,
 * closing reason, message) — with the
 * simulator beside it trying the draft as it is. Saving sends the whole configuration (`PUT
 * /api/bot/config`; it waits for an answer's file still uploading); the server's 422 field errors
 * go next to their fields. Leaving with unsaved changes asks first (in-app navigation
 * through the router's blocker, a reload or closed tab through `beforeunload`).
 *
 * An instance without its own configuration shows the default's values read-only until
 * "Personalizar para esta instância"; one with its own can go back to the default ("Voltar ao
 * padrão", `DELETE`). Users without the route `chatbot` only read.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconClockHour4, IconDeviceFloppy, IconEye, IconLink, IconRestore } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useResetBotConfig } from '../api/reset-bot-config';
import { useSaveBotConfig } from '../api/save-bot-config';
import { INACTIVITY_RANGE, INVALID_LIMIT_RANGE, type BotConfig, type Choice } from '../api/schemas';
import { serverFieldMap, toDraft, toInput, validateDraft, type BotDraft } from '../draft';
import classes from './chatbot.module.css';
import { OptionsEditor } from './OptionsEditor';
import { Simulator } from './Simulator';

export interface BotEditorProps {
  config: BotConfig;
  /** null: the tenant's default bot. */
  instanceId: number | null;
  /** "Padrão da empresa" or the instance's name, for the messages. */
  scopeName: string;
  /** Holds the route `chatbot` (else read-only: `dashboard-maria-panel`). */
  canEdit: boolean;
  departments: readonly Choice[];
  departmentsLoading: boolean;
  reasons: readonly Choice[];
  reasonsLoading: boolean;
  /** Saved or reset: the screen reads the configuration again and starts a fresh draft. */
  onReplaced: () => void;
  /**
   * Where the company's opening hours are kept ("Níveis de serviço"), for whoever may open it;
   * null: the note names the screen without a link.
   */
  calendarPath?: string | null;
}

const PLACEHOLDERS = 'Use {{bot}} para o nome do assistente e {{nome}} para o nome do cliente.';

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function reasonData(reasons: readonly Choice[], current: number | null) {
  const data = reasons.map((reason) => ({
    value: reason.id,
    label: reason.active ? reason.name : `${reason.name} (inativo)`,
  }));
  if (current !== null && !data.some((entry) => entry.value === current)) {
    data.push({ value: current, label: `Motivo #${current}` });
  }
  return data;
}

/** Focus the first field the form marked invalid (after it re-rendered). */
function focusFirstError() {
  window.setTimeout(() => {
    document.querySelector<HTMLElement>('[data-bot-form] [aria-invalid="true"]')?.focus();
  }, 0);
}

export function BotEditor({
  config,
  instanceId,
  scopeName,
  canEdit,
  departments,
  departmentsLoading,
  reasons,
  reasonsLoading,
  onReplaced,
  calendarPath = null,
}: BotEditorProps) {
  const [initial] = useState(() => toDraft(config));
  const form = useForm<BotDraft>({ mode: 'controlled', initialValues: initial, validate: validateDraft });
  const save = useSaveBotConfig();
  const reset = useResetBotConfig();
  const [customizing, setCustomizing] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  /** Answer files still uploading: saving waits for them. */
  const [uploads, setUploads] = useState(0);
  const uploading = uploads > 0;

  const inherited = instanceId !== null && config.inherited;
  const readOnly = !canEdit || (inherited && !customizing);
  const dirty = form.isDirty();
  const unsaved = dirty || (inherited && customizing);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !save.isPending &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function showServerErrors(error: unknown): string {
    const errors = formErrors(error, serverFieldMap(form.getValues()));
    form.setErrors(errors.fields);
    setGeneral(errors.general);
    if (Object.keys(errors.fields).length > 0) focusFirstError();
    return errors.message;
  }

  function submit(values: BotDraft) {
    if (uploading) return;
    setGeneral([]);
    save.mutate(toInput(values, instanceId), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          title: 'Configuração salva',
          message:
            instanceId === null
              ? `O bot ${saved.name} já atende com a nova configuração nas instâncias que usam o padrão.`
              : `O bot ${saved.name} já atende com a nova configuração em ${scopeName}.`,
        });
        onReplaced();
      },
      onError: (error) => {
        const message = showServerErrors(error);
        notifications.show({ color: 'red', title: 'Não foi possível salvar o chatbot', message });
      },
    });
  }

  function invalid() {
    notifications.show({
      color: 'red',
      title: 'Confira a configuração',
      message: 'Alguns campos precisam de correção; eles estão destacados no formulário.',
    });
    focusFirstError();
  }

  function backToDefault() {
    if (instanceId === null) return;
    reset.mutate(instanceId, {
      onSuccess: () => {
        setConfirmReset(false);
        notifications.show({
          color: 'teal',
          title: 'De volta ao padrão',
          message: `${scopeName} voltou a usar a configuração padrão da empresa.`,
        });
        onReplaced();
      },
      onError: (error) => {
        setConfirmReset(false);
        notifications.show({
          color: 'red',
          title: 'Não foi possível voltar ao padrão',
          message: error instanceof Error ? error.message : 'Erro inesperado. Tente novamente.',
        });
      },
    });
  }

  const values = form.values;

  return (
    <div className={classes.layout}>
      <form onSubmit={form.onSubmit(submit, invalid)} noValidate data-bot-form>
        <Stack gap="md">
          {readOnly ? (
            inherited ? null : (
              <Text size="sm" c="dimmed">
                {config.updatedAt ? `Salva em ${formatDateTime(config.updatedAt)}.` : 'Valores iniciais do bot.'}
              </Text>
            )
          ) : (
            <Group justify="space-between" gap="sm" wrap="nowrap" className={classes.saveBar}>
              <Stack gap={0} flex={1} miw={0}>
                <Text size="sm" c={unsaved ? undefined : 'dimmed'} fw={unsaved ? 600 : undefined} aria-live="polite">
                  {uploading
                    ? 'Enviando arquivo…'
                    : unsaved
                      ? 'Alterações não salvas'
                      : config.updatedAt
                        ? `Salva em ${formatDateTime(config.updatedAt)}`
                        : 'Valores iniciais do bot'}
                </Text>
                <Anchor href="#simulador" size="sm" hiddenFrom="lg">
                  Ir para o simulador
                </Anchor>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  size="sm"
                  disabled={!unsaved || save.isPending}
                  onClick={() => {
                    form.reset();
                    setGeneral([]);
                    setCustomizing(false);
                  }}
                >
                  Descartar
                </Button>
                <Button
                  type="submit"
                  size="sm"
                  loading={save.isPending}
                  disabled={!unsaved || uploading}
                  leftSection={<IconDeviceFloppy size={18} />}
                >
                  Salvar
                </Button>
              </Group>
            </Group>
          )}
          {!canEdit ? (
            <Alert variant="light" color="gray" icon={<IconEye size={18} aria-hidden />} title="Somente leitura">
              <Text size="sm">
                Você vê a configuração do bot pelo Painel Maria; só quem tem acesso à tela Chatbot pode alterá-la.
              </Text>
            </Alert>
          ) : null}
          {inherited ? (
            <Alert
              variant="light"
              color="indigo"
              icon={<IconLink size={18} aria-hidden />}
              title="Usa a configuração padrão"
              data-testid="inherited"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {customizing
                    ? `Ao salvar, ${scopeName} passa a ter uma configuração própria, começando pelos valores do padrão abaixo.`
                    : `${scopeName} não tem configuração própria: o bot atende com os valores do padrão da empresa, mostrados abaixo.`}
                </Text>
                {canEdit && !customizing ? (
                  <Button size="xs" onClick={() => setCustomizing(true)}>
                    Personalizar para esta instância
                  </Button>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {instanceId !== null && !inherited ? (
            <Group justify="space-between" gap="sm">
              <Group gap={6} wrap="wrap">
                <Badge variant="dot" color="teal">
                  Configuração própria
                </Badge>
                <Text size="sm">{scopeName} não usa o padrão da empresa.</Text>
              </Group>
              {canEdit ? (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconRestore size={14} />}
                  onClick={() => setConfirmReset(true)}
                >
                  Voltar ao padrão
                </Button>
              ) : null}
            </Group>
          ) : null}
          <FormAlert messages={general} />

          <Fieldset disabled={readOnly} variant="unstyled" className={classes.fieldset}>
            <Stack gap="md">
              <Section title="Geral">
                <Switch
                  size="md"
                  label="Bot ligado"
                  description={
                    values.enabled
                      ? 'Clientes que escrevem são recebidos pelo bot antes de chegar à equipe.'
                      : 'Desligado: os clientes vão direto para a fila de atendimento.'
                  }
                  {...form.getInputProps('enabled', { type: 'checkbox' })}
                />
                <TextInput
                  label="Nome do assistente"
                  required
                  maxLength={60}
                  placeholder="Maria"
                  {...form.getInputProps('name')}
                />
                <Textarea
                  label="Saudação"
                  description={PLACEHOLDERS}
                  required
                  autosize
                  minRows={2}
                  maxRows={6}
                  {...form.getInputProps('greeting')}
                />
                <Textarea
                  label="Texto do menu"
                  description="Vem antes das opções numeradas, por exemplo “Escolha uma opção:”."
                  required
                  autosize
                  minRows={1}
                  maxRows={4}
                  {...form.getInputProps('menuPrompt')}
                />
              </Section>

              <Section
                title="Opções do menu"
                description="O cliente responde com o número da opção. Arraste pela alça (ou use os botões de mover) para mudar a ordem."
              >
                <OptionsEditor
                  form={form}
                  departments={departments}
                  departmentsLoading={departmentsLoading}
                  readOnly={readOnly}
                  onUploadingChange={(started) => setUploads((count) => Math.max(0, count + (started ? 1 : -1)))}
                />
              </Section>

              <Section title="Respostas inválidas e passagem para a equipe">
                <Textarea
                  label="Mensagem para resposta inválida"
                  description={PLACEHOLDERS}
                  required
                  autosize
                  minRows={2}
                  maxRows={5}
                  {...form.getInputProps('invalidMessage')}
                />
                <NumberInput
                  label="Respostas inválidas até passar a um atendente"
                  min={INVALID_LIMIT_RANGE.min}
                  max={INVALID_LIMIT_RANGE.max}
                  allowDecimal={false}
                  allowNegative={false}
                  w={{ base: '100%', sm: 320 }}
                  {...form.getInputProps('invalidLimit')}
                />
                <Textarea
                  label="Mensagem ao passar a conversa"
                  description="Use {{departamento}} para o nome do departamento escolhido, além de {{bot}} e {{nome}}."
                  required
                  autosize
                  minRows={2}
                  maxRows={5}
                  {...form.getInputProps('handoverMessage')}
                />
              </Section>

              <Section
                title="Fora do horário"
                description="Quando a empresa está fechada, o bot manda esta mensagem antes do menu."
              >
                <Alert
                  variant="light"
                  color="indigo"
                  icon={<IconClockHour4 size={18} aria-hidden />}
                  data-testid="calendar-note"
                >
                  <Text size="sm">
                    O horário de atendimento agora vale para a empresa toda: bot e metas de SLA. Ele é definido em{' '}
                    {calendarPath ? (
                      <Anchor component={Link} to={calendarPath} size="sm" fw={700} c="inherit" underline="always">
                        Níveis de serviço
                      </Anchor>
                    ) : (
                      <Text span size="sm" fw={600}>
                        Níveis de serviço
                      </Text>
                    )}
                    .
                  </Text>
                </Alert>
                <Textarea
                  label="Mensagem fora do horário"
                  description={PLACEHOLDERS}
                  required
                  autosize
                  minRows={2}
                  maxRows={5}
                  {...form.getInputProps('outOfHoursMessage')}
                />
              </Section>

              <Section
                title="Inatividade"
                description="Quando o cliente para de responder ao bot, a conversa é encerrada depois deste tempo."
              >
                <Group gap="md" align="flex-start" wrap="wrap">
                  <NumberInput
                    label="Minutos sem resposta"
                    min={INACTIVITY_RANGE.min}
                    max={INACTIVITY_RANGE.max}
                    allowDecimal={false}
                    allowNegative={false}
                    suffix=" min"
                    w={{ base: '100%', sm: 200 }}
                    {...form.getInputProps('inactivityMinutes')}
                  />
                  <Select<number>
                    label="Motivo de encerramento"
                    placeholder={reasonsLoading ? 'Carregando motivos…' : 'Sem motivo'}
                    data={reasonData(reasons, values.inactivityReasonId)}
                    value={values.inactivityReasonId}
                    onChange={(value) => form.setFieldValue('inactivityReasonId', value)}
                    error={form.errors.inactivityReasonId}
                    clearable
                    w={{ base: '100%', sm: 280 }}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Group>
                <Textarea
                  label="Mensagem ao encerrar por inatividade"
                  description={PLACEHOLDERS}
                  autosize
                  minRows={2}
                  maxRows={5}
                  {...form.getInputProps('inactivityMessage')}
                />
              </Section>
            </Stack>
          </Fieldset>
        </Stack>
      </form>

      <div className={classes.simulatorColumn} id="simulador">
        <Simulator
          instanceId={instanceId}
          draft={() => toInput(form.getValues(), instanceId)}
          botName={values.name}
          onRefused={showServerErrors}
          allowed={canEdit}
        />
      </div>

      <ConfirmDialog
        opened={confirmReset}
        title="Voltar ao padrão"
        confirmLabel="Voltar ao padrão"
        loading={reset.isPending}
        onConfirm={backToDefault}
        onClose={() => setConfirmReset(false)}
      >
        {`${scopeName} perde a configuração própria e passa a usar a configuração padrão da empresa.`}
      </ConfirmDialog>

      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Sair sem salvar?" centered>
        <Stack gap="lg">
          <Text size="sm">As alterações feitas no chatbot ainda não foram salvas e serão perdidas.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              Continuar editando
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Sair sem salvar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}

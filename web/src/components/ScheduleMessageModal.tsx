/**
 * "Agendar mensagem": a message sent to a customer, by one of the company's numbers, at a São Paulo
 * day and time (lib/send-at.ts) — scheduled from a conversation's customer panel (features/inbox),
 * from the scheduled messages screen's "Novo agendamento" (the customer found by a search and the
 * number chosen here), or changed from that screen (features/scheduled-messages), which share it.
 *
 * What goes (lib/scheduled-draft.ts): a text (up to 4.096 characters, counted) with, or not, a file
 * uploaded at once ("Anexo", the text becoming its caption); or, on an official number — one the
 * list of numbers says is (lib/instance-choices.ts), or whose templates the server lists —, an
 * approved template with a value per parameter and its preview: Meta delivers only templates
 * outside the customer's 24-hour window, which the dialog says (and, from a conversation whose
 * window closes before the chosen moment, warns). "Inserir resposta rápida" brings a quick reply
 * in: its text (filled with the customer's name, the author and the greeting), its file or its
 * template; the message names the replies it was written with.
 *
 * Then the day and time (tomorrow 09:00 unless changed, or a quick choice) and "Cancelar se o
 * cliente escrever antes" (on by default). What the server refuses shows under its field — a moment
 * it does not take under the day, a file under the file, a template's value under it — which takes
 * the focus, and anything else above the fields; what was filled stays. Saved: "Mensagem agendada
 * para qui., 10/12 às 09:00", and the lists of scheduled messages are read again. The file's and
 * the template's fields, and a refusal's errors, behave as in the quick reply editor: both are
 * bound by use-message-form.ts.
 */
import { Alert, Button, Checkbox, Group, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { CustomerChoice } from '../lib/customer-search';
import { ApiError } from '../lib/http';
import { formatPhone } from '../lib/phone';
import type { QuickReply } from '../lib/quick-replies';
import {
  checkSchedule,
  fillKnownVariables,
  newScheduledInput,
  scheduledChanges,
  scheduledValues,
  usedQuickReplyIds,
  type InsertedReply,
  type ScheduleValues,
} from '../lib/scheduled-draft';
import {
  createScheduledMessage,
  isScheduledMessagesQuery,
  MAX_SCHEDULED_BODY,
  updateScheduledMessage,
  uploadScheduledMedia,
  type Scheduled,
} from '../lib/scheduled-messages';
import { formatSendAt, toSendAt, tomorrowAt, wallClockOf } from '../lib/send-at';
import { useSession } from '../lib/session';
import { AttachmentField } from './AttachmentField';
import { CustomerSelect } from './CustomerSelect';
import { FormAlert } from './FormAlert';
import { FormModal } from './FormModal';
import { QuickReplySelect } from './QuickReplySelect';
import { SendAtFields } from './SendAtFields';
import { TemplateFields } from './TemplateFields';
import { instanceTemplatesKeys, useInstanceChoices, useInstanceTemplates } from './use-instance-templates';
import { useMessageForm } from './use-message-form';

interface Named {
  id: number;
  name: string;
}

/**
 * A new message for a customer by a number (a conversation's: `windowClosesAt` is its 24-hour
 * window on an official number, null on others), a new one whose customer and number are chosen
 * in the dialog, or a scheduled one to change.
 */
export type ScheduleTarget =
  | { kind: 'new'; customer: Named & { phone: string }; instance: Named; windowClosesAt?: string | null }
  | { kind: 'choose' }
  | { kind: 'edit'; scheduled: Scheduled };

export interface ScheduleMessageModalProps {
  opened: boolean;
  target: ScheduleTarget | null;
  onClose: () => void;
}

export function ScheduleMessageModal({ opened, target, onClose }: ScheduleMessageModalProps) {
  return (
    <FormModal
      opened={opened && target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Editar agendamento' : 'Agendar mensagem'}
    >
      {opened && target ? (
        <ScheduleForm
          key={target.kind === 'edit' ? target.scheduled.id : target.kind}
          target={target}
          onClose={onClose}
        />
      ) : null}
    </FormModal>
  );
}

/**
 * The server's codes that name a field without `errors[]` (those of the file and of the template:
 * use-message-form.ts).
 */
const CODE_FIELDS: Record<string, string> = {
  invalid_send_at: 'date',
  empty_message: 'body',
  message_too_long: 'body',
  customer_not_found: 'customer',
  customer_blacklisted: 'customer',
  instance_not_found: 'instanceId',
};

/** Where the focus goes after a refusal: the first of these with an error, then the values, the day. */
const FOCUS_ORDER = ['customer', 'instanceId', 'body', 'attachment', 'templateId'];

function initialValues(target: ScheduleTarget, now: Date): ScheduleValues {
  if (target.kind === 'edit') return scheduledValues(target.scheduled, wallClockOf(target.scheduled.sendAt));
  return {
    customer: null,
    instanceId: null,
    content: 'text',
    body: '',
    attachment: null,
    templateId: null,
    templateParameters: [],
    ...tomorrowAt(now, 9),
    cancelIfCustomerWrites: true,
  };
}

function count(value: number): string {
  return value.toLocaleString('pt-BR');
}

const OFFICIAL_HINT =
  'Número oficial: fora da janela de 24 horas do cliente (24 h depois da última mensagem dele), o WhatsApp só entrega modelos aprovados. Se a mensagem sair depois disso, escolha um modelo.';

function ScheduleForm({ target, onClose }: { target: ScheduleTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const refresh = () => queryClient.invalidateQueries({ predicate: isScheduledMessagesQuery });
  const create = useMutation({ mutationFn: createScheduledMessage, onSettled: refresh });
  const update = useMutation({ mutationFn: updateScheduledMessage, onSettled: refresh });
  const [general, setGeneral] = useState<string[]>([]);
  const [initial] = useState(() => initialValues(target, new Date()));
  /** The quick replies brought in, with what each put in. */
  const [inserted, setInserted] = useState<InsertedReply[]>([]);
  const [replyProblem, setReplyProblem] = useState<string | null>(null);
  const bodyInput = useRef<HTMLTextAreaElement>(null);
  const attachmentArea = useRef<HTMLDivElement>(null);
  const choosing = target.kind === 'choose';
  const form = useForm<ScheduleValues>({
    // Names the fields' `data-path` (`schedule-form-date`), which `getInputNode` finds.
    name: 'schedule-form',
    mode: 'controlled',
    initialValues: initial,
  });
  const { values } = form;

  const instances = useInstanceChoices('inbox', choosing);
  const instanceData = (instances.data ?? [])
    .filter((instance) => instance.active)
    .map((instance) => ({ value: String(instance.id), label: instance.name }));
  const chosenInstance = (instances.data ?? []).find((instance) => String(instance.id) === values.instanceId) ?? null;
  const customer =
    target.kind === 'edit' ? target.scheduled.customer : target.kind === 'new' ? target.customer : values.customer;
  const instance: Named | null =
    target.kind === 'edit' ? target.scheduled.instance : target.kind === 'new' ? target.instance : chosenInstance;
  const instanceId = instance?.id ?? null;
  const windowClosesAt = target.kind === 'new' ? (target.windowClosesAt ?? null) : null;

  // Whether the number chosen here is official, as the list says (null: it does not — an older
  // server's —, or the number comes with the target, whose kind the dialog does not read).
  const listedOfficial = target.kind === 'choose' ? (chosenInstance?.official ?? null) : null;
  // A number known not to be official has no templates: they are not asked for.
  const templates = useInstanceTemplates(listedOfficial === false ? null : instanceId);
  const messageForm = useMessageForm(form, templates, attachmentArea);
  const { slots, uploading, errorOf, pathOf } = messageForm;
  const focusOrder = [...FOCUS_ORDER, ...messageForm.parameterPaths, 'date'];
  const official =
    windowClosesAt !== null ||
    initial.content === 'template' ||
    listedOfficial === true ||
    (templates.data?.length ?? 0) > 0;
  const content = official ? values.content : 'text';
  const sendAt = toSendAt(values);
  const closesBefore =
    windowClosesAt !== null && content === 'text' && sendAt !== null && Date.parse(sendAt) > Date.parse(windowClosesAt);

  const sending = { ...values, content };
  const changes = target.kind === 'edit' ? scheduledChanges(target.scheduled.id, sending, initial, slots) : null;
  const unchanged = changes !== null && Object.keys(changes).length === 1;

  /** Fills what is known here in a reply's text or a template's value. */
  function fill(text: string): string {
    return fillKnownVariables(text, {
      customerName: customer?.name ?? '',
      agent: session.userInfo?.displayName ?? '',
      at: sendAt ? new Date(sendAt) : new Date(),
    });
  }

  /** Puts `text` where the caret is in the message (in place of what is selected). */
  function insertText(text: string) {
    const body = form.getValues().body;
    const node = bodyInput.current;
    const start = node?.selectionStart ?? body.length;
    const end = node?.selectionEnd ?? start;
    form.setFieldValue('body', body.slice(0, start) + text + body.slice(end));
    form.clearFieldError('body');
  }

  function pickReply(reply: QuickReply) {
    setReplyProblem(null);
    if (reply.template) {
      const owner = reply.template.instanceId;
      if (instanceId !== null && owner !== instanceId) {
        setReplyProblem(
          `/${reply.shortcut} envia um modelo do número ${reply.template.instanceName}: para usá-la, agende por esse número.`,
        );
        return;
      }
      if (instanceId === null) {
        if (!instanceData.some((option) => option.value === String(owner))) {
          setReplyProblem(
            `/${reply.shortcut} envia um modelo do número ${reply.template.instanceName}, que você não usa.`,
          );
          return;
        }
        form.setFieldValue('instanceId', String(owner));
      }
      form.setValues({
        content: 'template',
        templateId: String(reply.template.id),
        templateParameters: reply.template.parameters.map(fill),
      });
      form.clearErrors();
      setInserted((list) => [...list, { id: reply.id, templateId: reply.template?.id }]);
      return;
    }
    const text = fill(reply.body);
    if (reply.attachment) {
      const { mediaId, fileName, size, mimeType } = reply.attachment;
      form.setValues({ content: 'text', attachment: { mediaId, fileName, size, mimeType } });
      form.clearFieldError('attachment');
      setInserted((list) => [...list, { id: reply.id, mediaId }]);
    } else {
      form.setFieldValue('content', 'text');
      setInserted((list) => [...list, { id: reply.id, text }]);
    }
    if (text) insertText(text);
    bodyInput.current?.focus();
  }

  function fail(error: unknown) {
    if (error instanceof ApiError && error.code === 'template_not_approved' && instanceId !== null) {
      void queryClient.invalidateQueries({ queryKey: instanceTemplatesKeys.of(instanceId) });
    }
    const general = messageForm.showRefusal(error, content, {
      onScreen: ['date', 'cancelIfCustomerWrites', ...(choosing ? ['customer', 'instanceId'] : [])],
      fieldMap: {
        sendAt: 'date',
        cancelIfCustomerWrites: 'cancelIfCustomerWrites',
        customerId: 'customer',
        instanceId: 'instanceId',
      },
      codeFields: CODE_FIELDS,
      focusOrder,
    });
    setGeneral(general);
  }

  function done(saved: Scheduled, message: string) {
    notifications.show({ color: 'teal', title: `Mensagem agendada para ${formatSendAt(saved.sendAt)}`, message });
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    setGeneral([]);
    const errors = checkSchedule(sending, { choosing, slots, now: new Date() });
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      messageForm.focusFirst(errors, focusOrder);
      return;
    }
    if (changes) {
      update.mutate(changes, { onSuccess: (saved) => done(saved, 'Agendamento salvo.'), onError: fail });
      return;
    }
    if (!customer || !instance) return;
    const input = newScheduledInput(sending, {
      customerId: customer.id,
      instanceId: instance.id,
      slots,
      quickReplyIds: usedQuickReplyIds(sending, inserted),
    });
    create.mutate(input, {
      onSuccess: (saved) =>
        done(saved, `${customer.name || formatPhone(customer.phone)} recebe a mensagem pelo número ${instance.name}.`),
      onError: fail,
    });
  }

  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {choosing ? null : (
          <Stack gap={2}>
            <Text size="sm">
              Para{' '}
              <Text span fw={600}>
                {customer ? customer.name || formatPhone(customer.phone) : ''}
              </Text>
              {customer?.name ? ` · ${formatPhone(customer.phone)}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              Pelo número {instance?.name}
            </Text>
          </Stack>
        )}
        <FormAlert messages={general} />
        {choosing ? (
          <>
            <CustomerSelect
              value={values.customer}
              onChange={(chosen: CustomerChoice | null) => {
                form.setFieldValue('customer', chosen);
                form.clearFieldError('customer');
              }}
              error={errorOf('customer')}
              inputProps={{ 'data-path': pathOf('customer') }}
              data-autofocus
            />
            <Select
              label="Número"
              description="Por qual número da empresa a mensagem sai."
              required
              placeholder={instances.isPending ? 'Carregando números…' : 'Escolha o número'}
              data={instanceData}
              {...messageForm.numberSelectProps(instances.isError)}
            />
          </>
        ) : null}
        {official ? (
          <Stack gap={6}>
            <SegmentedControl
              aria-label="O que enviar"
              data={[
                { value: 'text', label: 'Texto ou arquivo' },
                { value: 'template', label: 'Modelo aprovado' },
              ]}
              value={content}
              onChange={(next) => form.setFieldValue('content', next === 'template' ? 'template' : 'text')}
              w="fit-content"
            />
            <Text size="xs" c="dimmed">
              {OFFICIAL_HINT}
            </Text>
          </Stack>
        ) : null}
        <QuickReplySelect
          onPick={pickReply}
          description="O texto entra com o nome do cliente e a saudação; uma resposta com arquivo ou modelo os traz junto."
          error={replyProblem}
        />
        {content === 'template' ? (
          <TemplateFields
            {...messageForm.templateProps}
            hint="Escreva o que o cliente deve ler em cada parâmetro."
            storedName={target.kind === 'edit' ? target.scheduled.template?.name : null}
          />
        ) : (
          <>
            <Textarea
              ref={bodyInput}
              label={values.attachment ? 'Legenda (opcional)' : 'Mensagem'}
              required={values.attachment === null}
              autosize
              minRows={4}
              maxRows={10}
              maxLength={MAX_SCHEDULED_BODY}
              data-autofocus={choosing ? undefined : true}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={`${count(values.body.length)} de ${count(MAX_SCHEDULED_BODY)} caracteres`}
              {...form.getInputProps('body')}
            />
            <div ref={attachmentArea}>
              <AttachmentField
                label="Anexo (opcional)"
                description="Uma imagem, um áudio, um vídeo ou um documento; a mensagem vai como legenda."
                upload={uploadScheduledMedia}
                {...messageForm.attachmentProps}
              />
            </div>
          </>
        )}
        <SendAtFields
          value={{ date: values.date, time: values.time }}
          onChange={(next) => {
            form.setValues(next);
            form.clearFieldError('date');
          }}
          error={errorOf('date') ?? null}
          dateInputProps={{ 'data-path': pathOf('date') }}
        />
        {closesBefore && windowClosesAt ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
            A janela de 24 horas deste cliente fecha {formatSendAt(windowClosesAt)}: no horário escolhido, só um modelo
            aprovado é entregue.
          </Alert>
        ) : null}
        <Checkbox
          label="Cancelar se o cliente escrever antes"
          description="Se o cliente mandar mensagem antes do horário, esta não é enviada."
          {...form.getInputProps('cancelIfCustomerWrites', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending} disabled={unchanged || uploading}>
            {target.kind === 'edit' ? 'Salvar' : 'Agendar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

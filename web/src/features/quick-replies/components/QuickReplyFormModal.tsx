/**
 * Creating or editing a quick reply (docs/quick-replies.md): its shortcut (shown after a "/"), what
 * it sends, and — for administrators and supervisors creating one — who uses it: "Pessoal",
 * "Empresa" or "Departamento" (with the department). Everyone else creates personal replies only,
 * and a reply's scope never changes once created.
 *
 * What it sends (reply-draft.ts): "Texto e anexo" — the text with a button per variable (inserted at
 * the caret; its meaning as tooltip), a live preview filled with example values, and an "Anexo"
 * uploaded at once (its name and size shown, "Remover"), the text then being its caption and
 * optional — or "Modelo aprovado (números oficiais)": an official number, one of its approved
 * templates and a value per parameter, variables allowed, with its preview (ReplyTemplateFields).
 * Switching between the two loses nothing until saved; only the one chosen is sent.
 *
 * What the server refuses shows under the field it names (which takes the focus) — a file under
 * "Anexo", a template or a value under it —, anything else above the fields; what was filled stays.
 * The file's and the template's fields, and a refusal's errors, behave as in the scheduling dialog:
 * both are bound by components/use-message-form.ts.
 */
import { Button, Group, Paper, Radio, Select, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { AttachmentField } from '../../../components/AttachmentField';
import { ContentMarkers } from '../../../components/ContentMarkers';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { instanceTemplatesKeys, useInstanceTemplates } from '../../../components/use-instance-templates';
import { useMessageForm } from '../../../components/use-message-form';
import { ApiError } from '../../../lib/http';
import type { InstanceSource } from '../../../lib/instance-choices';
import { parameterPath } from '../../../lib/message-templates';
import {
  MAX_QUICK_REPLY_BODY,
  MAX_SHORTCUT,
  QUICK_REPLY_VARIABLES,
  scopeLabel,
  variableToken,
  type QuickReply,
  type QuickReplyScope,
} from '../../../lib/quick-replies';
import { useCreateQuickReply } from '../api/create-quick-reply';
import { useDepartmentOptions } from '../api/get-departments';
import { useUpdateQuickReply } from '../api/update-quick-reply';
import { uploadQuickReplyMedia } from '../api/upload-quick-reply-media';
import { newReplyInput, replyChanges, replyValues, type ReplyValues } from '../reply-draft';
import {
  bodyError,
  EXAMPLE_CUSTOMER,
  EXAMPLE_DEPARTMENT,
  EXAMPLE_PROTOCOL,
  parameterError,
  previewText,
  shortcutError,
} from '../validation';
import classes from './quick-replies.module.css';
import { ReplyTemplateFields } from './ReplyTemplateFields';

export interface QuickReplyFormModalProps {
  opened: boolean;
  /** The reply being edited; null creates one. */
  reply: QuickReply | null;
  /** An administrator or supervisor: may create the tenant's and the departments' replies. */
  manager: boolean;
  /** The user's own name: `{{atendente}}` in the preview. */
  userName: string;
  /** Where the official numbers come from: `GET /api/instance` (route `instances`) or the inbox's. */
  instanceSource?: InstanceSource;
  onClose: () => void;
}

export function QuickReplyFormModal({ opened, reply, onClose, ...props }: QuickReplyFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={reply ? 'Editar resposta rápida' : 'Nova resposta rápida'}>
      {opened ? <QuickReplyForm key={reply?.id ?? 'new'} reply={reply} onClose={onClose} {...props} /> : null}
    </FormModal>
  );
}

const SCOPE_CHOICES: { value: QuickReplyScope; label: string; description: string }[] = [
  { value: 'personal', label: 'Pessoal', description: 'Só você vê e usa.' },
  { value: 'tenant', label: 'Empresa', description: 'Toda a equipe vê e usa.' },
  {
    value: 'department',
    label: 'Departamento',
    description: 'Quem é do departamento (e administradores e supervisores).',
  },
];

/**
 * The server's codes that name a field without `errors[]` (those of the file and of the template:
 * components/use-message-form.ts).
 */
const CODE_FIELDS: Record<string, string> = {
  invalid_body: 'body',
  invalid_variable: 'body',
};

/** Where the focus goes after a refusal: the first of these with an error (then the values). */
const FOCUS_ORDER = ['shortcut', 'body', 'attachment', 'instanceId', 'templateId'];

function QuickReplyForm({
  reply,
  manager,
  userName,
  instanceSource = 'inbox',
  onClose,
}: Omit<QuickReplyFormModalProps, 'opened'>) {
  const queryClient = useQueryClient();
  const create = useCreateQuickReply();
  const update = useUpdateQuickReply();
  const [general, setGeneral] = useState<string[]>([]);
  const [now] = useState(() => new Date());
  const bodyInput = useRef<HTMLTextAreaElement>(null);
  const attachmentArea = useRef<HTMLDivElement>(null);
  /** Where the caret goes once a variable is in the text. */
  const caretAfterInsert = useRef<number | null>(null);
  const choosesScope = manager && reply === null;
  const form = useForm<ReplyValues>({
    // Names the fields' `data-path` (`quick-reply-form-shortcut`), which `getInputNode` finds.
    name: 'quick-reply-form',
    mode: 'controlled',
    initialValues: replyValues(reply),
  });
  const { values } = form;
  const departments = useDepartmentOptions(choosesScope && values.scope === 'department');
  const templates = useInstanceTemplates(
    values.content === 'template' && values.instanceId !== null ? Number(values.instanceId) : null,
  );
  const messageForm = useMessageForm(form, templates, attachmentArea);
  const { slots, uploading } = messageForm;
  const focusOrder = [...FOCUS_ORDER, ...messageForm.parameterPaths, 'departmentId'];

  useLayoutEffect(() => {
    const at = caretAfterInsert.current;
    if (at === null) return;
    caretAfterInsert.current = null;
    bodyInput.current?.focus();
    bodyInput.current?.setSelectionRange(at, at);
  }, [values.body]);

  /** Puts `{{name}}` where the caret is in the text (in place of what is selected). */
  function insertVariable(name: string) {
    const token = variableToken(name);
    const body = values.body;
    const node = bodyInput.current;
    const start = node?.selectionStart ?? body.length;
    const end = node?.selectionEnd ?? start;
    caretAfterInsert.current = start + token.length;
    form.setFieldValue('body', body.slice(0, start) + token + body.slice(end));
  }

  const body = values.body.trim();
  const changes = reply ? replyChanges(reply, values, slots) : null;
  const unchanged = changes !== null && Object.keys(changes).length === 1;
  const fill = (text: string) => previewText(text, userName, now);

  /** The form's errors before anything is sent. */
  function check(): Record<string, string> {
    const errors: Record<string, string> = {};
    const put = (field: string, error: string | null) => {
      if (error) errors[field] = error;
    };
    put('shortcut', shortcutError(values.shortcut));
    if (values.content === 'text') {
      put('body', bodyError(values.body, values.attachment !== null));
    } else {
      if (values.instanceId === null) errors.instanceId = 'Escolha o número oficial.';
      else if (values.templateId === null) errors.templateId = 'Escolha o modelo.';
      for (let at = 0; at < slots; at += 1) put(parameterPath(at), parameterError(values.templateParameters[at] ?? ''));
    }
    if (choosesScope && values.scope === 'department' && values.departmentId === null) {
      errors.departmentId = 'Escolha o departamento.';
    }
    return errors;
  }

  function fail(error: unknown) {
    if (error instanceof ApiError && error.code === 'template_not_approved') {
      void queryClient.invalidateQueries({ queryKey: instanceTemplatesKeys.all() });
    }
    const general = messageForm.showRefusal(error, values.content, {
      onScreen: ['shortcut', 'departmentId', 'scope', ...(values.content === 'template' ? ['instanceId'] : [])],
      fieldMap: { shortcut: 'shortcut', departmentId: 'departmentId', scope: 'scope' },
      codeFields: CODE_FIELDS,
      focusOrder,
    });
    setGeneral(general);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    setGeneral([]);
    const errors = check();
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      messageForm.focusFirst(errors, focusOrder);
      return;
    }
    if (reply && changes) {
      update.mutate(changes, {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', title: 'Resposta salva', message: `/${saved.shortcut} foi atualizada.` });
          onClose();
        },
        onError: fail,
      });
      return;
    }
    create.mutate(newReplyInput(values, choosesScope ? values.scope : 'personal', slots), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          title: 'Resposta criada',
          message: `Numa conversa, digite /${saved.shortcut} para usá-la.`,
        });
        onClose();
      },
      onError: fail,
    });
  }

  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert messages={general} />
        <TextInput
          label="Atalho"
          description="Numa conversa, digite / e o atalho. Letras sem acento, números, - e _."
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MAX_SHORTCUT + 1}
          leftSection={
            <Text span fw={600} c="dimmed" aria-hidden>
              /
            </Text>
          }
          leftSectionWidth={28}
          placeholder="boleto"
          data-autofocus
          {...form.getInputProps('shortcut')}
        />
        <Radio.Group
          label="O que a resposta envia"
          value={values.content}
          onChange={(next) => form.setFieldValue('content', next === 'template' ? 'template' : 'text')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="text" label="Texto e anexo" />
            <Radio value="template" label="Modelo aprovado (números oficiais)" />
          </Group>
        </Radio.Group>
        {values.content === 'text' ? (
          <>
            <Stack gap={6}>
              <Textarea
                ref={bodyInput}
                label={values.attachment ? 'Texto (opcional)' : 'Texto'}
                description={
                  values.attachment ? 'Com um anexo, o texto vai como legenda e pode ficar vazio.' : undefined
                }
                required={values.attachment === null}
                autosize
                minRows={4}
                maxRows={12}
                maxLength={MAX_QUICK_REPLY_BODY}
                placeholder="{{saudacao}}, {{primeiro_nome}}! Segue o boleto atualizado."
                {...form.getInputProps('body')}
              />
              <Group gap={6} role="group" aria-label="Inserir variável">
                <Text size="xs" c="dimmed" component="span">
                  Inserir:
                </Text>
                {QUICK_REPLY_VARIABLES.map((variable) => (
                  <Tooltip key={variable.name} label={variable.meaning}>
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="gray"
                      tt="none"
                      aria-label={`Inserir ${variableToken(variable.name)} (${variable.meaning})`}
                      onClick={() => insertVariable(variable.name)}
                    >
                      {variableToken(variable.name)}
                    </Button>
                  </Tooltip>
                ))}
              </Group>
            </Stack>
            <div ref={attachmentArea}>
              <AttachmentField
                label="Anexo"
                description="Opcional: uma imagem, um áudio, um vídeo ou um documento enviado com a resposta."
                upload={uploadQuickReplyMedia}
                {...messageForm.attachmentProps}
              />
            </div>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Prévia
              </Text>
              <Paper withBorder radius="md" p="sm" className={classes.preview} data-testid="quick-reply-preview">
                <Stack gap={6}>
                  <ContentMarkers attachment={values.attachment} />
                  {body ? (
                    <Text size="sm" className={classes.previewText}>
                      {previewText(body, userName, now)}
                    </Text>
                  ) : values.attachment ? null : (
                    <Text size="sm" c="dimmed">
                      O texto aparece aqui como o cliente vai ler.
                    </Text>
                  )}
                </Stack>
              </Paper>
              <Text size="xs" c="dimmed">
                Com valores de exemplo: {EXAMPLE_CUSTOMER}, protocolo {EXAMPLE_PROTOCOL}, departamento{' '}
                {EXAMPLE_DEPARTMENT}. Numa conversa, entram os do atendimento.
              </Text>
            </Stack>
          </>
        ) : (
          <ReplyTemplateFields
            form={form}
            messageForm={messageForm}
            instanceSource={instanceSource}
            stored={reply?.template ?? null}
            fill={fill}
          />
        )}
        {choosesScope ? (
          <Radio.Group label="Quem usa" required {...form.getInputProps('scope')}>
            <Stack gap="xs" mt={6}>
              {SCOPE_CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} />
              ))}
            </Stack>
          </Radio.Group>
        ) : reply ? (
          <Text size="sm" c="dimmed">
            {scopeLabel(reply)} — quem usa a resposta não muda depois de criada.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            A resposta é pessoal: só você vê e usa.
          </Text>
        )}
        {choosesScope && values.scope === 'department' ? (
          <Select
            label="Departamento"
            required
            placeholder={departments.isPending ? 'Carregando departamentos…' : 'Escolha o departamento'}
            data={(departments.data ?? []).map((department) => ({
              value: String(department.id),
              label: department.name,
            }))}
            searchable
            nothingFoundMessage="Nenhum departamento com esse nome"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('departmentId')}
            error={
              form.errors.departmentId ??
              (departments.isError ? 'Não foi possível carregar os departamentos.' : undefined)
            }
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending} disabled={unchanged || uploading}>
            {reply ? 'Salvar' : 'Criar resposta'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

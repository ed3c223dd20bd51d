/**
 * Creating or editing a quick reply (docs/quick-replies.md): its shortcut (shown after a "/"), its
 * text with a button per variable (inserted at the caret; its meaning as tooltip), a live preview
 * filled with example values and — for administrators and supervisors creating one — who uses it:
 * "Pessoal", "Empresa" or "Departamento" (with the department). Everyone else creates personal
 * replies only, and a reply's scope never changes once created. What the server refuses shows under
 * the field it names (which takes the focus), anything else above the fields.
 */
import { Button, Group, Paper, Radio, Select, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLayoutEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formErrors } from '../../../lib/api-errors';
import {
  MAX_QUICK_REPLY_BODY,
  MAX_SHORTCUT,
  QUICK_REPLY_VARIABLES,
  scopeLabel,
  variableToken,
  type QuickReply,
  type QuickReplyScope,
} from '../../../lib/quick-replies';
import { useCreateQuickReply, type NewQuickReply } from '../api/create-quick-reply';
import { useDepartmentOptions } from '../api/get-departments';
import { useUpdateQuickReply, type QuickReplyChanges } from '../api/update-quick-reply';
import {
  bodyError,
  EXAMPLE_CUSTOMER,
  EXAMPLE_DEPARTMENT,
  EXAMPLE_PROTOCOL,
  normalizeShortcut,
  previewText,
  shortcutError,
} from '../validation';
import classes from './quick-replies.module.css';

export interface QuickReplyFormModalProps {
  opened: boolean;
  /** The reply being edited; null creates one. */
  reply: QuickReply | null;
  /** An administrator or supervisor: may create the tenant's and the departments' replies. */
  manager: boolean;
  /** The user's own name: `{{atendente}}` in the preview. */
  userName: string;
  onClose: () => void;
}

export function QuickReplyFormModal({ opened, reply, onClose, ...props }: QuickReplyFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={reply ? 'Editar resposta rápida' : 'Nova resposta rápida'}>
      {opened ? <QuickReplyForm key={reply?.id ?? 'new'} reply={reply} onClose={onClose} {...props} /> : null}
    </FormModal>
  );
}

interface Values {
  shortcut: string;
  body: string;
  scope: QuickReplyScope;
  /** The department of a `department` reply, as the select keeps it. */
  departmentId: string | null;
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

/** The server's field names → the form's. */
const FIELDS = { shortcut: 'shortcut', body: 'body', departmentId: 'departmentId', scope: 'scope' };

function QuickReplyForm({ reply, manager, userName, onClose }: Omit<QuickReplyFormModalProps, 'opened'>) {
  const create = useCreateQuickReply();
  const update = useUpdateQuickReply();
  const [general, setGeneral] = useState<string[]>([]);
  const [now] = useState(() => new Date());
  const bodyInput = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once a variable is in the text. */
  const caretAfterInsert = useRef<number | null>(null);
  const choosesScope = manager && reply === null;
  const form = useForm<Values>({
    // Names the fields' `data-path` (`quick-reply-form-shortcut`), which `getInputNode` finds.
    name: 'quick-reply-form',
    mode: 'controlled',
    initialValues: { shortcut: reply?.shortcut ?? '', body: reply?.body ?? '', scope: 'personal', departmentId: null },
    validate: {
      shortcut: shortcutError,
      body: bodyError,
      departmentId: (value, values) =>
        values.scope === 'department' && value === null ? 'Escolha o departamento.' : null,
    },
  });
  const departments = useDepartmentOptions(choosesScope && form.values.scope === 'department');

  useLayoutEffect(() => {
    const at = caretAfterInsert.current;
    if (at === null) return;
    caretAfterInsert.current = null;
    bodyInput.current?.focus();
    bodyInput.current?.setSelectionRange(at, at);
  }, [form.values.body]);

  /** Puts `{{name}}` where the caret is in the text (in place of what is selected). */
  function insertVariable(name: string) {
    const token = variableToken(name);
    const body = form.values.body;
    const node = bodyInput.current;
    const start = node?.selectionStart ?? body.length;
    const end = node?.selectionEnd ?? start;
    caretAfterInsert.current = start + token.length;
    form.setFieldValue('body', body.slice(0, start) + token + body.slice(end));
  }

  const shortcut = normalizeShortcut(form.values.shortcut);
  const body = form.values.body.trim();
  const unchanged = reply !== null && shortcut === reply.shortcut && body === reply.body;

  function fail(error: unknown) {
    const errors = formErrors(error, FIELDS);
    form.setErrors(errors.fields);
    setGeneral(errors.general);
    const first = Object.keys(FIELDS).find((field) => errors.fields[field]);
    if (first) form.getInputNode(first)?.focus();
  }

  function submit(values: Values) {
    setGeneral([]);
    if (reply) {
      const changes: QuickReplyChanges = { id: reply.id };
      if (shortcut !== reply.shortcut) changes.shortcut = shortcut;
      if (body !== reply.body) changes.body = body;
      update.mutate(changes, {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', title: 'Resposta salva', message: `/${saved.shortcut} foi atualizada.` });
          onClose();
        },
        onError: fail,
      });
      return;
    }
    const input: NewQuickReply = { shortcut, body, scope: choosesScope ? values.scope : 'personal' };
    if (input.scope === 'department' && values.departmentId !== null) input.departmentId = Number(values.departmentId);
    create.mutate(input, {
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
    <form onSubmit={form.onSubmit(submit)} noValidate>
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
        <Stack gap={6}>
          <Textarea
            ref={bodyInput}
            label="Texto"
            required
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
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Prévia
          </Text>
          <Paper withBorder radius="md" p="sm" className={classes.preview} data-testid="quick-reply-preview">
            {body ? (
              <Text size="sm" className={classes.previewText}>
                {previewText(body, userName, now)}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                O texto aparece aqui como o cliente vai ler.
              </Text>
            )}
          </Paper>
          <Text size="xs" c="dimmed">
            Com valores de exemplo: {EXAMPLE_CUSTOMER}, protocolo {EXAMPLE_PROTOCOL}, departamento {EXAMPLE_DEPARTMENT}.
            Numa conversa, entram os do atendimento.
          </Text>
        </Stack>
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
        {choosesScope && form.values.scope === 'department' ? (
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
          <Button type="submit" loading={pending} disabled={unchanged}>
            {reply ? 'Salvar' : 'Criar resposta'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

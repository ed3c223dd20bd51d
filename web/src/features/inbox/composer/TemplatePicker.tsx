/**
 * Sending an approved message template (the only thing WhatsApp takes once the 24-hour window has
 * closed; also a way to start a topic while it is open): the number's approved templates, one field
 * per parameter (`{{1}}`, `{{2}}`…, the server's example as placeholder), a preview as the customer
 * will see it, and "Enviar modelo" once every parameter is filled. What the server refuses (422)
 * shows here, next to the parameter it names, with what was typed kept; once sent — or once the
 * conversation shows it as not sent, with its retry — the picker starts over.
 *
 * A quick reply that sends a template (docs/quick-replies.md#files-and-templates) starts it: chosen
 * with `/` in the composer (`start`), or here from "Resposta rápida" (the ticket's template replies,
 * the only way to one once the window has closed) — its template chosen and its values filled for
 * the ticket; a value whose variable has no value here (`{{nome}}` of a customer known only by the
 * number) is to be replaced before it goes. The message names the reply (`quickReplyIds`) while its
 * template is the one sent.
 */
import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { TemplateOption } from '../../../components/TemplateOption';
import { formErrors } from '../../../lib/api-errors';
import { fillTemplate, findTemplate, isApproved, templateOptions, templateSlots } from '../../../lib/message-templates';
import { variablesIn, variableToken } from '../../../lib/quick-replies';
import { useTicketQuickReplies, type FilledReply } from '../api/get-quick-replies';
import { useTemplates } from '../api/get-templates';
import { refusedTemplate, type TemplateSend } from '../api/send-message';
import { parameterField } from '../template';
import classes from './composer.module.css';
import { TemplatePreview } from './TemplatePreview';

export const NO_APPROVED_TEMPLATES =
  'Nenhum modelo aprovado para este número. Um administrador pode sincronizar os modelos em Instâncias.';

/** A quick reply's template to start with: its id and its values filled for the ticket. */
export interface TemplateStart {
  quickReplyId: number;
  shortcut: string;
  templateId: number;
  parameters: string[];
}

/** What goes with a template besides it: the quick reply it came from. */
export interface TemplateSendExtra {
  quickReplyIds?: number[];
}

export interface TemplatePickerProps {
  /** The ticket's instance: its templates. */
  instanceId: number;
  /** The ticket: its quick replies that send a template ("Resposta rápida"); none: not offered. */
  ticketId?: number;
  /** Sends the template; `body` is the filled text the message shows until the server answers. */
  onSend: (template: TemplateSend, body: string, extra?: TemplateSendExtra) => Promise<unknown>;
  /** Back to writing text ("Cancelar", and after a send); absent while the window is closed. */
  onClose?: () => void;
  /** A quick reply's template chosen with `/`. */
  start?: TemplateStart | null;
}

/** Why a value cannot go as it is: a variable this ticket has no value for. */
function unfilledError(value: string): string | null {
  const left = variablesIn(value);
  if (left.length === 0) return null;
  return `Sem valor neste atendimento: troque ${left.map(variableToken).join(', ')} pelo valor.`;
}

/** A reply's template as the picker starts from it. */
function startOf(reply: FilledReply): TemplateStart | null {
  if (!reply.template) return null;
  return {
    quickReplyId: reply.id,
    shortcut: reply.shortcut,
    templateId: reply.template.id,
    parameters: reply.templateParameters,
  };
}

interface Refusal {
  fields: Record<string, string>;
  general: string[];
}

const NO_REFUSAL: Refusal = { fields: {}, general: [] };

export function TemplatePicker({ instanceId, ticketId, onSend, onClose, start = null }: TemplatePickerProps) {
  const query = useTemplates(instanceId);
  const replies = useTicketQuickReplies(ticketId ?? 0, ticketId !== undefined);
  const [fromReply, setFromReply] = useState<TemplateStart | null>(start);
  const [chosenId, setChosenId] = useState<string | null>(start ? String(start.templateId) : null);
  const [values, setValues] = useState<string[]>(start ? [...start.parameters] : []);
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [sending, setSending] = useState(false);
  const templateReplies = (replies.data ?? []).filter((reply) => reply.template?.instanceId === instanceId);

  if (query.isPending) return <Loader size="sm" aria-label="Carregando modelos" />;
  if (query.isError) {
    return (
      <LoadError
        title="Não foi possível carregar os modelos."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const approved = query.data.filter(isApproved);
  const template = findTemplate(approved, chosenId);
  const slots = template ? templateSlots(template) : [];
  const parameters = slots.map((_, position) => (values[position] ?? '').trim());
  const unfilled = parameters.map(unfilledError);
  const complete = template !== null && parameters.every((value, at) => value !== '' && unfilled[at] === null);
  const replyGone =
    fromReply !== null && chosenId === String(fromReply.templateId) && template === null
      ? `O modelo da resposta /${fromReply.shortcut} não está aprovado agora: escolha outro.`
      : null;

  function choose(id: string | null) {
    setChosenId(id);
    setValues([]);
    setRefusal(NO_REFUSAL);
    setFromReply(null);
  }

  function pickReply(id: string | null) {
    const reply = templateReplies.find((r) => String(r.id) === id);
    const next = reply ? startOf(reply) : null;
    setRefusal(NO_REFUSAL);
    setFromReply(next);
    setChosenId(next ? String(next.templateId) : null);
    setValues(next ? [...next.parameters] : []);
  }

  function type(position: number, value: string) {
    setValues((current) => {
      const next = [...current];
      next[position] = value;
      return next;
    });
    const field = parameterField(position);
    if (refusal.fields[field]) setRefusal(({ fields, general }) => ({ fields: { ...fields, [field]: '' }, general }));
  }

  async function send() {
    if (!template || !complete || sending) return;
    const request: TemplateSend = { id: template.id, parameters };
    const viaReply = fromReply !== null && fromReply.templateId === template.id;
    setSending(true);
    setRefusal(NO_REFUSAL);
    try {
      const body = fillTemplate(template.body, parameters);
      await (viaReply ? onSend(request, body, { quickReplyIds: [fromReply.quickReplyId] }) : onSend(request, body));
    } catch (error) {
      if (refusedTemplate(error, { template: request })) {
        const fieldMap = Object.fromEntries(
          slots.map((_, position) => [parameterField(position), parameterField(position)]),
        );
        const { fields, general } = formErrors(error, fieldMap);
        setRefusal({ fields, general });
        setSending(false);
        return;
      }
      // Anything else (no answer, a ticket closed meanwhile): the message shows as not sent, with its retry.
    }
    setSending(false);
    choose(null);
    onClose?.();
  }

  if (approved.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{NO_APPROVED_TEMPLATES}</Text>
        {onClose ? (
          <Button size="xs" variant="default" onClick={onClose}>
            Cancelar
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <form
      className={classes.templates}
      data-testid="template-picker"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="xs">
        {templateReplies.length > 0 ? (
          <Select
            label="Resposta rápida"
            description="Opcional: uma resposta rápida que envia um modelo, com os valores deste atendimento."
            placeholder="Escolha uma resposta rápida"
            data={templateReplies.map((reply) => ({
              value: String(reply.id),
              label: `/${reply.shortcut} — ${reply.template?.name ?? ''}`,
            }))}
            value={fromReply ? String(fromReply.quickReplyId) : null}
            onChange={pickReply}
            searchable
            clearable
            nothingFoundMessage="Nenhuma resposta rápida com esse atalho"
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Select
          label="Modelo"
          placeholder="Escolha um modelo aprovado"
          data={templateOptions(approved)}
          renderOption={({ option }) => {
            const shown = findTemplate(approved, option.value);
            return shown ? <TemplateOption template={shown} /> : option.label;
          }}
          value={template ? chosenId : null}
          onChange={choose}
          searchable
          nothingFoundMessage="Nenhum modelo com esse nome"
          comboboxProps={{ withinPortal: true }}
          error={replyGone ?? undefined}
        />
        {template
          ? slots.map((index, position) => (
              <TextInput
                key={`${template.id}-${index}`}
                label={`Parâmetro {{${index}}}`}
                placeholder={template.parameters.find((p) => p.index === index)?.example ?? undefined}
                value={values[position] ?? ''}
                onChange={(event) => type(position, event.currentTarget.value)}
                error={refusal.fields[parameterField(position)] || unfilled[position] || undefined}
                required
              />
            ))
          : null}
        {template ? <TemplatePreview template={template} values={parameters} /> : null}
        {refusal.general.map((message) => (
          <Text key={message} size="sm" c="red" role="alert">
            {message}
          </Text>
        ))}
        <Group gap="xs" justify="flex-end">
          {onClose ? (
            <Button variant="default" onClick={onClose} disabled={sending}>
              Cancelar
            </Button>
          ) : null}
          <Button
            color="indigo.7"
            leftSection={<IconSend size={16} aria-hidden />}
            type="submit"
            disabled={!complete}
            loading={sending}
          >
            Enviar modelo
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

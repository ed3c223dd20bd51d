/**
 * Sending an approved message template (the only thing WhatsApp takes once the 24-hour window has
 * closed; also a way to start a topic while it is open): the number's approved templates, one field
 * per parameter (`{{1}}`, `{{2}}`…, the server's example as placeholder), a preview as the customer
 * will see it, and "Enviar modelo" once every parameter is filled. What the server refuses (422)
 * shows here, next to the parameter it names, with what was typed kept; once sent — or once the
 * conversation shows it as not sent, with its retry — the picker starts over.
 */
import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { TemplateOption } from '../../../components/TemplateOption';
import { formErrors } from '../../../lib/api-errors';
import { fillTemplate, findTemplate, isApproved, templateOptions, templateSlots } from '../../../lib/message-templates';
import { useTemplates } from '../api/get-templates';
import { refusedTemplate, type TemplateSend } from '../api/send-message';
import { parameterField } from '../template';
import classes from './composer.module.css';
import { TemplatePreview } from './TemplatePreview';

export const NO_APPROVED_TEMPLATES =
  'Nenhum modelo aprovado para este número. Um administrador pode sincronizar os modelos em Instâncias.';

export interface TemplatePickerProps {
  /** The ticket's instance: its templates. */
  instanceId: number;
  /** Sends the template; `body` is the filled text the message shows until the server answers. */
  onSend: (template: TemplateSend, body: string) => Promise<unknown>;
  /** Back to writing text ("Cancelar", and after a send); absent while the window is closed. */
  onClose?: () => void;
}

interface Refusal {
  fields: Record<string, string>;
  general: string[];
}

const NO_REFUSAL: Refusal = { fields: {}, general: [] };

export function TemplatePicker({ instanceId, onSend, onClose }: TemplatePickerProps) {
  const query = useTemplates(instanceId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [sending, setSending] = useState(false);

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
  const complete = template !== null && parameters.every((value) => value !== '');

  function choose(id: string | null) {
    setChosenId(id);
    setValues([]);
    setRefusal(NO_REFUSAL);
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
    setSending(true);
    setRefusal(NO_REFUSAL);
    try {
      await onSend(request, fillTemplate(template.body, parameters));
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
        <Select
          label="Modelo"
          placeholder="Escolha um modelo aprovado"
          data={templateOptions(approved)}
          renderOption={({ option }) => {
            const shown = findTemplate(approved, option.value);
            return shown ? <TemplateOption template={shown} /> : option.label;
          }}
          value={chosenId}
          onChange={choose}
          searchable
          nothingFoundMessage="Nenhum modelo com esse nome"
          comboboxProps={{ withinPortal: true }}
        />
        {template
          ? slots.map((index, position) => (
              <TextInput
                key={`${template.id}-${index}`}
                label={`Parâmetro {{${index}}}`}
                placeholder={template.parameters.find((p) => p.index === index)?.example ?? undefined}
                value={values[position] ?? ''}
                onChange={(event) => type(position, event.currentTarget.value)}
                error={refusal.fields[parameterField(position)] || undefined}
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

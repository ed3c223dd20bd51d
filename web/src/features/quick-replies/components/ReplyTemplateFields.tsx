/**
 * The reply form's "Modelo aprovado (números oficiais)": the official number first (the Cloud API
 * ones among the numbers the person may use, lib/instance-choices.ts; from an older server's list,
 * which does not say, every number, its templates telling), then one of its approved templates and
 * a value per parameter — which may hold the reply's variables, filled in each conversation — with
 * a preview in example values (components/TemplateFields, bound to the form as the scheduling
 * dialog binds it: components/use-message-form.ts). A number whose templates are asked for no
 * longer being on the list (a reply read back) shows by the name the reply gives it.
 */
import { Select, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TemplateFields } from '../../../components/TemplateFields';
import { useInstanceChoices } from '../../../components/use-instance-templates';
import type { MessageForm } from '../../../components/use-message-form';
import { mayBeOfficial, type InstanceSource } from '../../../lib/instance-choices';
import { QUICK_REPLY_VARIABLES, variableToken, type ReplyTemplate } from '../../../lib/quick-replies';
import type { ReplyValues } from '../reply-draft';

export interface ReplyTemplateFieldsProps {
  form: UseFormReturnType<ReplyValues>;
  /** The form's message fields, with the chosen number's templates. */
  messageForm: MessageForm;
  instanceSource: InstanceSource;
  /** The template the reply had (its number's name, its own name if no longer approved). */
  stored: ReplyTemplate | null;
  /** A value as the preview shows it (the variables in example values). */
  fill: (value: string) => string;
}

const VARIABLES = QUICK_REPLY_VARIABLES.map((variable) => variableToken(variable.name)).join(', ');

export function ReplyTemplateFields({ form, messageForm, instanceSource, stored, fill }: ReplyTemplateFieldsProps) {
  const { values } = form;
  const instances = useInstanceChoices(instanceSource);
  const instanceId = values.instanceId === null ? null : Number(values.instanceId);

  // A number known not to be official has no templates: it is not offered (nor its templates asked for).
  const offered = (instances.data ?? []).filter((instance) => instance.active && mayBeOfficial(instance));
  const options = offered.map((instance) => ({ value: String(instance.id), label: instance.name }));
  if (stored && !options.some((option) => option.value === String(stored.instanceId))) {
    options.push({ value: String(stored.instanceId), label: stored.instanceName });
  }

  return (
    <Stack gap="sm">
      <Select
        label="Número oficial"
        description="Modelos aprovados pela Meta existem só em números oficiais (WhatsApp Cloud API)."
        required
        placeholder={
          instances.isPending
            ? 'Carregando números…'
            : options.length === 0
              ? 'Nenhum número oficial'
              : 'Escolha o número'
        }
        data={options}
        {...messageForm.numberSelectProps(instances.isError)}
      />
      {instanceId !== null ? (
        <TemplateFields
          {...messageForm.templateProps}
          description="Só modelos aprovados podem ser escolhidos."
          hint={`Nos valores você pode usar ${VARIABLES}: cada conversa recebe os seus.`}
          fill={fill}
          storedName={stored && String(stored.id) === values.templateId ? stored.name : null}
        />
      ) : null}
    </Stack>
  );
}

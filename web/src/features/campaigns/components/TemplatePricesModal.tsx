/**
 * "Preços dos modelos" (route `instances`; docs/campaigns.md#templates): what one template message
 * of each of Meta's categories costs the tenant — Marketing, Utilidade, Autenticação, in reais, up to
 * four decimals, R$ 0 to R$ 100; empty leaves the category without a price — from which the
 * pre-flight of a campaign on an official number estimates its cost. The product ships no prices of
 * its own: Meta's change by country and volume. "Salvar" replaces the whole table
 * (`PUT /api/templates/prices`); the server's 422 `invalid_prices` (`prices[0].priceBrl`) shows
 * under the category it names. A save marks pre-flights made before as stale (`onSaved`).
 */
import { Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { formErrors } from '../../../lib/api-errors';
import { useTemplatePrices } from '../api/get-template-prices';
import { PRICE_DECIMALS, PRICE_MAX, PRICE_MIN, type TemplatePrice } from '../api/schemas';
import { useUpdateTemplatePrices } from '../api/update-template-prices';
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, type TemplateCategory } from '../../../lib/message-templates';

export interface TemplatePricesModalProps {
  opened: boolean;
  onClose: () => void;
  /** After a save. */
  onSaved?: (prices: TemplatePrice[]) => void;
  /** The modal's place in a `Modal.Stack` (it may open over "Nova campanha"). */
  stackId?: string;
}

export function TemplatePricesModal({ opened, onClose, onSaved, stackId }: TemplatePricesModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Preços dos modelos" size="md" stackId={stackId}>
      {opened ? <TemplatePrices onClose={onClose} onSaved={onSaved} /> : null}
    </FormModal>
  );
}

function TemplatePrices({ onClose, onSaved }: { onClose: () => void; onSaved?: (prices: TemplatePrice[]) => void }) {
  const prices = useTemplatePrices();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Os preços da Meta mudam por país e volume: confira a tabela oficial e informe o que sua empresa paga por
        mensagem.
      </Text>
      <Text size="sm" c="dimmed">
        Preço de uma mensagem, em reais (até 4 casas decimais); deixe vazio para a categoria ficar sem preço.
      </Text>
      {prices.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Carregando os preços">
          {TEMPLATE_CATEGORIES.map((category) => (
            <Skeleton key={category} height={56} radius="sm" />
          ))}
        </Stack>
      ) : prices.isError ? (
        <>
          <LoadError
            title="Não foi possível carregar os preços."
            error={prices.error}
            onRetry={() => void prices.refetch()}
            retrying={prices.isFetching}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Fechar
            </Button>
          </Group>
        </>
      ) : (
        <PricesForm saved={prices.data} onClose={onClose} onSaved={onSaved} />
      )}
    </Stack>
  );
}

/** A field's value: a number, '' (no price) or what is being typed. */
type Draft = Record<TemplateCategory, number | string>;

function initialDraft(saved: readonly TemplatePrice[]): Draft {
  const draft = { MARKETING: '', UTILITY: '', AUTHENTICATION: '' } as Draft;
  for (const price of saved) {
    const category = price.category.toUpperCase() as TemplateCategory;
    if (TEMPLATE_CATEGORIES.includes(category)) draft[category] = price.priceBrl;
  }
  return draft;
}

const RANGE_ERROR = `Informe um preço entre R$ ${PRICE_MIN} e R$ ${PRICE_MAX} por mensagem, ou deixe vazio.`;

/** A typed value as a number (`0,045` as typed, too); '' is null; anything else NaN. */
function typedNumber(value: number | string): number | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return null;
  return Number(text.replace(/\./g, '').replace(',', '.'));
}

function PricesForm({
  saved,
  onClose,
  onSaved,
}: {
  saved: readonly TemplatePrice[];
  onClose: () => void;
  onSaved?: (prices: TemplatePrice[]) => void;
}) {
  const update = useUpdateTemplatePrices();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(saved));
  const [errors, setErrors] = useState<Partial<Record<TemplateCategory, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);

  function submit() {
    setGeneral([]);
    const sent: TemplatePrice[] = [];
    const problems: Partial<Record<TemplateCategory, string>> = {};
    for (const category of TEMPLATE_CATEGORIES) {
      const value = typedNumber(draft[category]);
      if (value === null) continue;
      if (!Number.isFinite(value) || value < PRICE_MIN || value > PRICE_MAX) problems[category] = RANGE_ERROR;
      else sent.push({ category, priceBrl: value });
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    update.mutate(sent, {
      onSuccess: (table) => {
        notifications.show({
          color: 'teal',
          title: 'Preços salvos',
          message: 'As próximas pré-visualizações de campanha usam estes preços.',
        });
        onSaved?.(table);
        onClose();
      },
      onError: (error) => {
        // `prices[i]` is the i-th line sent, whichever category it was.
        const fieldMap: Record<string, string> = {};
        sent.forEach((price, index) => {
          fieldMap[`prices[${index}].priceBrl`] = price.category;
          fieldMap[`prices[${index}].category`] = price.category;
          fieldMap[`prices[${index}]`] = price.category;
        });
        const { fields, general: others } = formErrors(error, fieldMap);
        setErrors(fields);
        setGeneral(others);
      },
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
      <Stack gap="sm">
        <FormAlert messages={general} />
        {TEMPLATE_CATEGORIES.map((category) => (
          <NumberInput
            key={category}
            label={TEMPLATE_CATEGORY_LABELS[category]}
            placeholder="Sem preço"
            prefix="R$ "
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={PRICE_DECIMALS}
            allowNegative={false}
            min={PRICE_MIN}
            max={PRICE_MAX}
            clampBehavior="none"
            hideControls
            value={draft[category]}
            onChange={(value) => {
              setDraft((current) => ({ ...current, [category]: value }));
              setErrors((current) => ({ ...current, [category]: undefined }));
            }}
            error={errors[category]}
          />
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

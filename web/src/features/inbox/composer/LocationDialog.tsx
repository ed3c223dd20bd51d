/**
 * "Enviar localização": a place for the customer, as a map pin on their WhatsApp. The agent types
 * the coordinates ("-23.5614, -46.6559", or "-23,5614; -46,6559" with decimal commas) or pastes a
 * Google Maps / OpenStreetMap link (`coordinates.ts` reads them), or — where the browser has it —
 * takes their own position ("Usar minha localização atual"). What was read shows back under the
 * field, with a link to check it on the map; what cannot be read says what to type. A name and an
 * address are optional (the customer sees them on the pin). "Enviar" hands the place to the
 * composer and closes: the message then shows in the conversation while it is sent, and a refusal
 * (the server's `invalid_location`) shows on it, with its retry, like any message.
 */
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCurrentLocation, IconSend } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { MessageLocation } from '../api/schemas';
import { mapUrl } from '../components/media/format';
import { ComposerDialog } from './ComposerDialog';
import { describeCoordinates, formatCoordinates, readCoordinates } from './coordinates';
import { focusFirstInvalid } from './focus';

/** The longest name or address the server takes. */
export const MAX_PLACE_TEXT = 200;

export const POSITION_DENIED =
  'O navegador não deu acesso à sua localização. Libere o acesso nas configurações do site ou informe as coordenadas.';
export const POSITION_UNAVAILABLE =
  'Não foi possível descobrir sua localização agora. Informe as coordenadas ou cole um link do mapa.';

export interface LocationDialogProps {
  opened: boolean;
  onClose: () => void;
  onSend: (location: MessageLocation) => void;
}

export function LocationDialog({ opened, onClose, onSend }: LocationDialogProps) {
  return (
    <ComposerDialog title="Enviar localização" opened={opened} onClose={onClose}>
      {() => <LocationForm onClose={onClose} onSend={onSend} />}
    </ComposerDialog>
  );
}

interface Values {
  place: string;
  name: string;
  address: string;
}

/** Whether this browser can tell where the agent is (it still asks them first). */
function hasGeolocation(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
}

function LocationForm({ onClose, onSend }: Omit<LocationDialogProps, 'opened'>) {
  const formId = useId();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { place: '', name: '', address: '' },
    validate: {
      place: (value) => {
        const reading = readCoordinates(value);
        return reading.ok ? null : reading.problem;
      },
    },
  });
  const [locating, setLocating] = useState(false);
  const [positionProblem, setPositionProblem] = useState<string | null>(null);
  /** The dialog may close while the browser is still looking for the position. */
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reading = readCoordinates(form.values.place);
  const placeInput = form.getInputProps('place');

  function locate() {
    setLocating(true);
    setPositionProblem(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!mounted.current) return;
        setLocating(false);
        form.setFieldValue('place', formatCoordinates(coords));
      },
      (error) => {
        if (!mounted.current) return;
        setLocating(false);
        // 1: PERMISSION_DENIED (also a page served over plain HTTP); 2, 3: no position, or not in time.
        setPositionProblem(error.code === 1 ? POSITION_DENIED : POSITION_UNAVAILABLE);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  function submit(values: Values) {
    const read = readCoordinates(values.place);
    if (!read.ok) return;
    const location: MessageLocation = { latitude: read.latitude, longitude: read.longitude };
    const name = values.name.trim();
    const address = values.address.trim();
    if (name !== '') location.name = name;
    if (address !== '') location.address = address;
    onSend(location);
    onClose();
  }

  return (
    <form id={formId} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formId))} noValidate>
      <Stack gap="md">
        <Stack gap={6}>
          <TextInput
            label="Coordenadas ou link do mapa"
            placeholder="-23.5614, -46.6559"
            required
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            {...placeInput}
            // Said once something was typed and left, or on "Enviar": not while the agent is typing.
            onBlur={() => {
              if (form.values.place.trim() !== '') form.validateField('place');
            }}
          />
          {reading.ok ? (
            <Group gap="xs" wrap="wrap" aria-live="polite" data-testid="location-preview">
              <Text size="sm">{describeCoordinates(reading)}</Text>
              <Anchor
                href={mapUrl(reading.latitude, reading.longitude)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                Conferir no mapa
              </Anchor>
            </Group>
          ) : null}
          {hasGeolocation() ? (
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconCurrentLocation size={16} aria-hidden />}
                onClick={locate}
                loading={locating}
              >
                Usar minha localização atual
              </Button>
            </Group>
          ) : null}
          {positionProblem ? (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {positionProblem}
            </Text>
          ) : null}
        </Stack>
        <TextInput
          label="Nome do local (opcional)"
          placeholder="Loja Paulista"
          maxLength={MAX_PLACE_TEXT}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Endereço (opcional)"
          placeholder="Av. Paulista, 1578 – Bela Vista, São Paulo"
          maxLength={MAX_PLACE_TEXT}
          autoComplete="off"
          {...form.getInputProps('address')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" color="indigo.7" leftSection={<IconSend size={16} aria-hidden />}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The simulator beside the editor: the administrator writes as a customer (Enter sends) and the
 * bot answers with the current draft — saved or not — through `POST /api/bot/simulate`, which
 * replays the whole conversation each time (stateless: every message typed so far goes along).
 * Shows the transcript as chat bubbles (a file an answer carries as a chip above its text), what became of the conversation ("Encaminhado para
 * Financeiro"), whether it was out of hours, and lets the conversation start over or pretend
 * another moment ("Simular em", São Paulo time) to try the out-of-hours answer. Nothing is sent to
 * anyone.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMessageChatbot, IconRefresh, IconRobot, IconSend, IconUser } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DateTimeField } from '../../../components/DateField';
import { FormAlert } from '../../../components/FormAlert';
import { errorMessage } from '../../../lib/api-errors';
import type { BotConfigInput, Simulation } from '../api/schemas';
import { useSimulateBot } from '../api/simulate-bot';
import { describeOutcome, saoPauloToIso } from '../simulation';
import classes from './chatbot.module.css';

export interface SimulatorProps {
  instanceId: number | null;
  /** The draft as it is now (read when a message is sent). */
  draft: () => BotConfigInput;
  /** The bot's name in the draft, for the bubbles' label. */
  botName: string;
  /** The server refused the draft (422): the editor shows the field errors. */
  onRefused: (error: unknown) => void;
  /** Users who only read the configuration cannot simulate (route `chatbot`). */
  allowed: boolean;
}

/** Most a simulated customer message can be (as a real one would be cut). */
const MAX_MESSAGE = 500;

export function Simulator({ instanceId, draft, botName, onRefused, allowed }: SimulatorProps) {
  const simulate = useSimulateBot();
  const [messages, setMessages] = useState<string[]>([]);
  const [result, setResult] = useState<Simulation | null>(null);
  const [typed, setTyped] = useState('');
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const generation = useRef(0);

  const transcript = result?.transcript ?? [];
  const waiting = simulate.isPending ? (simulate.variables?.messages.at(-1) ?? null) : null;
  const name = botName.trim() || 'Assistente virtual';

  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [transcript.length, waiting]);

  function run(next: string[], typedText: string) {
    const atIso = at === '' ? undefined : (saoPauloToIso(at) ?? undefined);
    const current = ++generation.current;
    setError(null);
    simulate.mutate(
      { instanceId, config: draft(), messages: next, at: atIso },
      {
        onSuccess: (answer) => {
          if (current !== generation.current) return;
          setMessages(next);
          setResult(answer);
        },
        onError: (failure) => {
          if (current !== generation.current) return;
          setError(errorMessage(failure));
          // What was typed comes back to the box, to send again once the draft is right.
          setTyped(typedText);
          onRefused(failure);
        },
      },
    );
  }

  function send(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim();
    if (text === '' || simulate.isPending) return;
    setTyped('');
    run([...messages, text], text);
  }

  function restart() {
    generation.current += 1;
    simulate.reset();
    setMessages([]);
    setResult(null);
    setError(null);
    setTyped('');
  }

  const outcome = result ? describeOutcome(result.outcome) : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.simulator}
      component="section"
      aria-labelledby="simulator-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <IconMessageChatbot size={20} aria-hidden />
            <Title order={2} size="h4" id="simulator-title">
              Simulador
            </Title>
          </Group>
          {result?.outOfHours ? (
            <Badge color="orange" variant="dot" data-testid="out-of-hours">
              Fora do horário
            </Badge>
          ) : null}
        </Group>
        {!allowed ? (
          <Text size="sm" c="dimmed">
            Só quem pode editar o chatbot usa o simulador.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Escreva como se fosse um cliente. O bot responde com o rascunho atual, mesmo sem salvar; nada é enviado a
              ninguém.
            </Text>
            <div ref={log} className={classes.transcript} role="log" aria-label="Conversa simulada" tabIndex={0}>
              {transcript.length === 0 && waiting === null ? (
                <Text size="sm" c="dimmed" ta="center" py="lg">
                  Mande uma mensagem, como “oi”, para o bot começar.
                </Text>
              ) : null}
              {transcript.map((line, index) => (
                <Bubble
                  key={`${index}:${line.from}`}
                  from={line.from}
                  text={line.text}
                  fileName={line.fileName}
                  botName={name}
                />
              ))}
              {waiting !== null ? (
                <>
                  <Bubble from="customer" text={waiting} botName={name} />
                  <Group gap={6} className={classes.typing}>
                    <Loader size="xs" type="dots" aria-hidden />
                    <Text size="xs" c="dimmed">
                      {name} está respondendo…
                    </Text>
                  </Group>
                </>
              ) : null}
            </div>
            {outcome ? (
              <Group gap={6} aria-live="polite" data-testid="simulation-outcome">
                <Text size="sm" fw={500}>
                  Resultado:
                </Text>
                <Badge color={outcome.color} variant="dot" size="lg" tt="none" fw={600}>
                  {outcome.label}
                </Badge>
              </Group>
            ) : null}
            {error ? <FormAlert messages={[error]} /> : null}
            <form onSubmit={send} className={classes.simulatorForm}>
              <TextInput
                aria-label="Mensagem do cliente"
                placeholder="Escreva como o cliente e tecle Enter"
                value={typed}
                maxLength={MAX_MESSAGE}
                onChange={(event) => setTyped(event.currentTarget.value)}
                flex={1}
                miw={0}
                autoComplete="off"
              />
              <ActionIcon
                type="submit"
                size={36}
                aria-label="Enviar mensagem"
                loading={simulate.isPending}
                disabled={typed.trim() === ''}
              >
                <IconSend size={18} />
              </ActionIcon>
            </form>
            <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
              <DateTimeField
                label="Simular em"
                description="Horário de São Paulo; vazio é agora."
                clearable
                value={at}
                onChange={setAt}
                size="sm"
                className={classes.simulateAt}
              />
              <Button
                variant="default"
                size="sm"
                leftSection={<IconRefresh size={16} />}
                onClick={restart}
                disabled={messages.length === 0 && result === null && error === null}
              >
                Reiniciar conversa
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

interface BubbleProps {
  from: string;
  text: string;
  /** The file the bot's answer carries. */
  fileName?: string | null;
  botName: string;
}

function Bubble({ from, text, fileName, botName }: BubbleProps) {
  const bot = from === 'bot';
  return (
    <div className={classes.simRow} data-from={bot ? 'bot' : 'customer'} data-testid="simulated-message">
      <div className={classes.simBubble}>
        <Group gap={4} wrap="nowrap">
          {bot ? <IconRobot size={14} aria-hidden /> : <IconUser size={14} aria-hidden />}
          <Text size="xs" fw={600} c="dimmed">
            {bot ? `${botName} · bot` : 'Cliente'}
          </Text>
        </Group>
        {fileName ? (
          <div className={classes.fileChip} data-testid="simulated-file">
            <span aria-hidden="true">📄</span>
            <VisuallyHidden>Arquivo: </VisuallyHidden>
            <span className={classes.fileChipName}>{fileName}</span>
          </div>
        ) : null}
        {text ? <Text size="sm">{text}</Text> : null}
      </div>
    </div>
  );
}

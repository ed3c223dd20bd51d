/**
 * Recording a voice note: hold the microphone to record and let go to stop (sliding off it
 * cancels), or tap it — or Space/Enter on it — to start and again to stop; "Cancelar gravação"
 * throws the recording away. The time recorded shows while it runs. A finished recording goes to the
 * composer's tray, where it can be heard before it is sent (as a voice note: `voice=true`).
 * The browser records WebM/Opus (Ogg/Opus where that is what it has); the server stores Ogg/Opus.
 */
import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatDuration } from '../components/media/format';
import classes from './composer.module.css';
import { HOLD_MS, NO_MICROPHONE, PERMISSION_DENIED, recordingType } from './recording';

export interface VoiceRecorderProps {
  onRecorded: (file: File) => void;
  /** Why the microphone could not be used (pt_BR), or null when it is fine again. */
  onProblem: (message: string | null) => void;
  /** Recording started or ended (the composer makes room for the timer). */
  onRecordingChange?: (recording: boolean) => void;
  disabled?: boolean;
}

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  cancelled: boolean;
}

export function VoiceRecorder({ onRecorded, onProblem, onRecordingChange, disabled = false }: VoiceRecorderProps) {
  const [state, setState] = useState<'idle' | 'starting' | 'recording'>('idle');
  const [elapsed, setElapsed] = useState(0);
  const recording = useRef<Recording | null>(null);
  /** When the pointer went down, while it is held. */
  const pressedAt = useRef<number | null>(null);
  /** Cancelled before the microphone opened: `start` stops it once it does. */
  const abandoned = useRef(false);
  /** The pointer went down on a recording in progress: letting go stops it. */
  const stopOnRelease = useRef(false);

  const active = state !== 'idle';
  useEffect(() => onRecordingChange?.(active), [active, onRecordingChange]);

  useEffect(() => {
    if (state !== 'recording') return undefined;
    const timer = setInterval(() => {
      const current = recording.current;
      if (current) setElapsed(Date.now() - current.startedAt);
    }, 250);
    return () => clearInterval(timer);
  }, [state]);

  // Leaving the conversation mid-recording lets go of the microphone.
  useEffect(
    () => () => {
      const current = recording.current;
      if (!current) return;
      current.cancelled = true;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      current.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  async function start() {
    if (state !== 'idle') return;
    abandoned.current = false;
    setState('starting');
    onProblem(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState('idle');
      const denied =
        error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      onProblem(denied ? PERMISSION_DENIED : NO_MICROPHONE);
      return;
    }
    // Cancelled while the microphone was opening (slid off, "Cancelar gravação"): let it go.
    if (abandoned.current) {
      abandoned.current = false;
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    const mimeType = recordingType();
    const recorder = new MediaRecorder(stream, { mimeType });
    const current: Recording = { recorder, stream, chunks: [], startedAt: Date.now(), cancelled: false };
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) current.chunks.push(event.data);
    };
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      if (current.cancelled || current.chunks.length === 0) return;
      const type = recorder.mimeType || mimeType;
      const extension = type.includes('ogg') ? 'ogg' : 'webm';
      onRecorded(new File(current.chunks, `voz.${extension}`, { type }));
    };
    recording.current = current;
    recorder.start(250);
    setElapsed(0);
    setState('recording');
    // Let go before the microphone opened: a hold that already ended.
    if (pressedAt.current === null && stopOnRelease.current) stop(false);
  }

  function stop(cancel: boolean) {
    const current = recording.current;
    recording.current = null;
    stopOnRelease.current = false;
    pressedAt.current = null;
    setState('idle');
    setElapsed(0);
    if (!current) {
      // Still opening the microphone: `start` lets it go once it opens.
      if (cancel) abandoned.current = true;
      return;
    }
    current.cancelled = cancel;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else current.stream.getTracks().forEach((track) => track.stop());
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (disabled || event.button > 0) return;
    event.preventDefault();
    pressedAt.current = Date.now();
    if (state === 'recording') {
      stopOnRelease.current = true;
      return;
    }
    stopOnRelease.current = false;
    void start();
  }

  function onPointerUp() {
    const at = pressedAt.current;
    if (at === null) return;
    pressedAt.current = null;
    const held = Date.now() - at >= HOLD_MS;
    if (stopOnRelease.current || held) {
      // The recorder itself, not the rendered state: it starts before React shows "recording",
      // and a release in between would otherwise wait for a check that `start` already made.
      if (recording.current) stop(false);
      else stopOnRelease.current = true; // still opening the microphone: stop once it is open
    }
  }

  function onPointerLeave() {
    // Sliding off the button while holding it throws the recording away.
    if (pressedAt.current === null) return;
    pressedAt.current = null;
    if (state === 'recording' || state === 'starting') stop(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (event.repeat || disabled) return;
    if (state === 'recording') stop(false);
    else void start();
  }

  return (
    <>
      {active ? (
        <div className={classes.recording} role="status" aria-live="polite">
          <span className={classes.dot} aria-hidden />
          <Text size="sm" fw={600} data-testid="recording-time" aria-label={`Gravando: ${formatDuration(elapsed)}`}>
            {formatDuration(elapsed)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            Solte para parar · deslize para fora para cancelar
          </Text>
          <Tooltip label="Cancelar gravação">
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              aria-label="Cancelar gravação"
              onClick={() => stop(true)}
              ml="auto"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </div>
      ) : null}
      <Tooltip label={active ? 'Parar gravação' : 'Segure para gravar um áudio (ou toque para começar e parar)'}>
        <ActionIcon
          size={36}
          variant={active ? 'filled' : 'default'}
          color={active ? 'red.8' : undefined}
          className={classes.mic}
          aria-label={active ? 'Parar gravação' : 'Gravar mensagem de voz'}
          aria-pressed={active}
          disabled={disabled}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerLeave={onPointerLeave}
          onPointerCancel={onPointerLeave}
          onKeyDown={onKeyDown}
          onKeyUp={(event) => {
            if (event.key === ' ') event.preventDefault();
          }}
          onContextMenu={(event) => event.preventDefault()}
        >
          {active ? <IconPlayerStopFilled size={18} /> : <IconMicrophone size={18} />}
        </ActionIcon>
      </Tooltip>
    </>
  );
}

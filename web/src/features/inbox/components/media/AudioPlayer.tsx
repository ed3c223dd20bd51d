/**
 * An audio or a voice note (a microphone marks it): a native `<audio>` played through our own
 * controls — play/pause, the position as a slider, time and duration (`durationMs`, else what the
 * file says), and the speed 1× → 1,5× → 2× — every one named in pt-BR and reachable by keyboard.
 */
import { ActionIcon, Group, Slider, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMicrophone, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { Message } from '../../api/schemas';
import classes from './media.module.css';
import { formatDuration, mediaReady } from './format';
import { MediaState } from './MediaState';

const SPEEDS = [1, 1.5, 2] as const;
const SPEED_LABELS: Record<number, string> = { 1: '1×', 1.5: '1,5×', 2: '2×' };

export interface AudioPlayerProps {
  message: Message;
  onExpired?: () => void;
}

export function AudioPlayer({ message, onExpired }: AudioPlayerProps) {
  const media = message.media;
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [fileDuration, setFileDuration] = useState<number | null>(null);
  const [speed, setSpeed] = useState<number>(1);
  if (!mediaReady(media)) return <MediaState media={media} />;

  const duration = media.durationMs ?? fileDuration ?? 0;
  const voice = media.voice === true;

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      void element.play()?.catch(() => setPlaying(false));
      setPlaying(true);
    } else {
      element.pause();
      setPlaying(false);
    }
  }

  function nextSpeed() {
    const next = SPEEDS[(SPEEDS.indexOf(speed as (typeof SPEEDS)[number]) + 1) % SPEEDS.length] ?? 1;
    setSpeed(next);
    if (audio.current) audio.current.playbackRate = next;
  }

  function seek(ms: number) {
    setPosition(ms);
    if (audio.current) audio.current.currentTime = ms / 1000;
  }

  const what = voice ? 'mensagem de voz' : 'áudio';
  return (
    <Group gap={6} wrap="nowrap" className={classes.audio} data-testid="audio-player">
      <audio
        ref={audio}
        src={media.url}
        preload="metadata"
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds)) setFileDuration(seconds * 1000);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime * 1000)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onPause={() => setPlaying(false)}
        onPlay={() => setPlaying(true)}
        onError={onExpired}
      />
      {voice ? <IconMicrophone size={18} role="img" aria-label="Mensagem de voz" className={classes.icon} /> : null}
      <ActionIcon
        variant="filled"
        color="indigo.7"
        radius="xl"
        size={36}
        onClick={toggle}
        aria-label={playing ? `Pausar ${what}` : `Reproduzir ${what}`}
      >
        {playing ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
      </ActionIcon>
      <Slider
        className={classes.seek}
        min={0}
        max={Math.max(duration, 1)}
        step={100}
        value={Math.min(position, Math.max(duration, 1))}
        onChange={seek}
        label={null}
        size="sm"
        thumbLabel={voice ? 'Posição da mensagem de voz' : 'Posição do áudio'}
        thumbValueText={`${formatDuration(position)} de ${formatDuration(duration)}`}
      />
      <Text size="xs" c="dimmed" className={classes.time} data-testid="audio-time">
        {playing || position > 0 ? `${formatDuration(position)} / ` : ''}
        {formatDuration(duration)}
      </Text>
      <Tooltip label="Velocidade de reprodução">
        <UnstyledButton
          className={classes.speed}
          onClick={nextSpeed}
          aria-label={`Velocidade de reprodução: ${SPEED_LABELS[speed] ?? `${speed}×`}`}
        >
          {SPEED_LABELS[speed] ?? `${speed}×`}
        </UnstyledButton>
      </Tooltip>
    </Group>
  );
}

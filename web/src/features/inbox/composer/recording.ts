/** The browser's side of recording a voice note (MediaRecorder), shared by the recorder and its tests. */

/** A press longer than this (ms) is a hold: letting go stops. A shorter one is a tap: it toggles. */
export const HOLD_MS = 400;
export const PERMISSION_DENIED = 'Permita o uso do microfone para gravar áudio.';
export const NO_MICROPHONE = 'Não foi possível usar o microfone.';

/** The container the browser records in: WebM/Opus when it can, else Ogg/Opus. */
export function recordingType(): string {
  const recorder = typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder;
  if (recorder?.isTypeSupported('audio/webm;codecs=opus')) return 'audio/webm;codecs=opus';
  return 'audio/ogg;codecs=opus';
}

/** Whether this browser can record (MediaRecorder and a microphone API). */
export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

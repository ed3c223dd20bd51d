/**
 * Pairing codes the provider pushes (`InstancePairingCode {instanceId, qrcode}`: an Evolution
 * gateway renews its QR code about every 20 s and posts each one; only those who see everything
 * receive it). An open "Conectar número" dialog listens for its instance's codes and shows each at
 * once instead of waiting for its next ask. Nothing is kept: a code pushed while no dialog listens
 * is stale by the time one opens.
 */
import * as z from 'zod/mini';
import type { RealtimeEvent } from '../../lib/realtime';

export const PAIRING_CODE_EVENT = 'InstancePairingCode';

const PairingCodeEvent = z.object({ instanceId: z.number(), qrcode: z.string().check(z.minLength(1)) });

type Listener = (code: string) => void;

const listeners = new Map<number, Set<Listener>>();

/** Hands the code of an `InstancePairingCode` event to its instance's listeners; other events are left alone. */
export function applyPairingCodeEvent(event: RealtimeEvent): void {
  if (event.event !== PAIRING_CODE_EVENT) return;
  const payload = PairingCodeEvent.safeParse(event);
  if (!payload.success) return;
  for (const listener of listeners.get(payload.data.instanceId) ?? []) listener(payload.data.qrcode);
}

/** Calls `listener` with each code pushed for the instance from now on; answers the unsubscribe. */
export function onPairingCode(instanceId: number, listener: Listener): () => void {
  const forInstance = listeners.get(instanceId) ?? new Set<Listener>();
  forInstance.add(listener);
  listeners.set(instanceId, forInstance);
  return () => {
    forInstance.delete(listener);
    if (forInstance.size === 0) listeners.delete(instanceId);
  };
}

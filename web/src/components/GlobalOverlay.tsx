/**
 * The global loading overlay itself (docs/contracts.md#entities-and-storage-keys,
 * docs/contracts.md#states-and-transitions loading overlay flag). A chunk of its own: GlobalLoading
 * loads it the first time the flag is set, so /login does not carry it.
 */
import { LoadingOverlay } from '@mantine/core';

export function GlobalOverlay({ visible }: { visible: boolean }) {
  return <LoadingOverlay visible={visible} pos="fixed" zIndex={1000} overlayProps={{ blur: 2 }} />;
}

//! The global loading overlay itself (spec §3/§4 loading overlay flag). A chunk of its own:
//! GlobalLoading loads it the first time the flag is set, so /login does not carry it.
import { LoadingOverlay } from '@mantine/core';

export function GlobalOverlay({ visible }: { visible: boolean }) {
  return <LoadingOverlay visible={visible} pos="fixed" zIndex={1000} overlayProps={{ blur: 2 }} />;
}

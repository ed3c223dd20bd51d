//! The global loading overlay (shown while the overlay flag is set, spec §4) and a thin progress
//! bar along the top of the window while requests or route changes are pending.
import { Box, LoadingOverlay, Progress } from '@mantine/core';
import { useLoadingState } from '../lib/loading';

export function TopProgressBar({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <Box pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }}>
      <Progress value={100} animated striped size={3} radius={0} aria-label="Carregando" />
    </Box>
  );
}

export function GlobalLoading() {
  const { overlay, requests } = useLoadingState();
  return (
    <>
      <TopProgressBar visible={requests} />
      <LoadingOverlay visible={overlay} pos="fixed" zIndex={1000} overlayProps={{ blur: 2 }} />
    </>
  );
}

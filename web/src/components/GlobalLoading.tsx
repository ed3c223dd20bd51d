//! The global loading overlay (shown while the overlay flag is set, spec §4) and a thin progress
//! bar along the top of the window while requests or route changes are pending.
import { Box, Progress } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLoadingState } from '../lib/loading';

// Loaded the first time the overlay flag is set (logout, `overlay: true` requests), never on a
// plain visit to /login (bundle budget). Until it arrives the progress bar shows the wait.
const GlobalOverlay = lazy(() => import('./GlobalOverlay').then((module) => ({ default: module.GlobalOverlay })));

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
  // Once shown, the overlay stays mounted so it can fade out.
  const [wanted, setWanted] = useState(false);
  if (overlay && !wanted) setWanted(true);
  return (
    <>
      <TopProgressBar visible={requests || (overlay && !wanted)} />
      {wanted ? (
        <Suspense fallback={null}>
          <GlobalOverlay visible={overlay} />
        </Suspense>
      ) : null}
    </>
  );
}

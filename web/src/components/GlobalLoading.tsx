/**
 * The global loading overlay (shown while the overlay flag is set,
 * docs/contracts.md#states-and-transitions) and a thin progress bar along the top of the window
 * while requests or route changes are pending.
 */
import { lazy, Suspense, useState } from 'react';
import { useLoadingState } from '../lib/loading';
import classes from './GlobalLoading.module.css';

// Loaded the first time the overlay flag is set (logout, `overlay: true` requests), never on a
// plain visit to /login (bundle budget). Until it arrives the progress bar shows the wait.
const GlobalOverlay = lazy(() => import('./GlobalOverlay').then((module) => ({ default: module.GlobalOverlay })));

/**
 * A 3 px animated bar along the top of the window. Plain CSS rather than Mantine's Progress: it
 * is on every page from the first paint, /login included, and Progress would add its code there.
 */
export function TopProgressBar({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Carregando" aria-busy="true" />;
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

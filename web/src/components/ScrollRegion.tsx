/**
 * A wide table that scrolls sideways on narrow screens. The scroll area is a named region that
 * takes the keyboard focus, so it can be scrolled without a mouse even when the table holds no
 * link or button (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './ScrollRegion.module.css';

export interface ScrollRegionProps {
  /** Names the region (what the table is). */
  label: string;
  /** Below this width the content scrolls instead of squeezing. */
  minWidth: number;
  children: ReactNode;
}

export function ScrollRegion({ label, minWidth, children }: ScrollRegionProps) {
  return (
    <div className={classes.region} tabIndex={0} role="region" aria-label={label}>
      <Box miw={minWidth}>{children}</Box>
    </div>
  );
}

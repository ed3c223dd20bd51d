/**
 * The conversation header's chip for WhatsApp's 24-hour window (official numbers only): how long
 * free text may still be sent — green with 2 h or more, orange with less — or that only templates
 * may go now (red). The title says why.
 */
import { Badge } from '@mantine/core';
import { IconClock, IconClockOff } from '@tabler/icons-react';
import { WINDOW_EXPLANATION, windowLabel, windowTone, type ServiceWindow, type WindowTone } from '../window';

const COLORS: Record<WindowTone, string> = { open: 'teal', closing: 'orange', closed: 'red' };

export function WindowBadge({ serviceWindow }: { serviceWindow: ServiceWindow }) {
  const tone = windowTone(serviceWindow);
  if (tone === null) return null;
  const Icon = tone === 'closed' ? IconClockOff : IconClock;
  return (
    <Badge
      size="sm"
      variant="light"
      color={COLORS[tone]}
      flex="none"
      maw="100%"
      title={WINDOW_EXPLANATION}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="service-window"
      data-tone={tone}
    >
      {windowLabel(serviceWindow)}
    </Badge>
  );
}

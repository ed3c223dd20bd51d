import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../theme';
import { WindowBadge } from '../components/WindowBadge';
import { useServiceWindow } from './use-service-window';

const NOW = Date.parse('2026-11-23T12:00:00Z');

function Chip({ closesAt }: { closesAt: string | null }) {
  return <WindowBadge serviceWindow={useServiceWindow(closesAt)} />;
}

function show(closesAt: string | null) {
  return render(<Chip closesAt={closesAt} />, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    ),
  });
}

/** Lets `ms` pass as it would: a tick at a time, React rendering between ticks. */
function pass(ms: number) {
  for (let left = ms; left > 0; left -= 30_000) {
    act(() => {
      vi.advanceTimersByTime(Math.min(left, 30_000));
    });
  }
}

function at(ms: number): string {
  return new Date(ms).toISOString();
}

describe('useServiceWindow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('turns at the very millisecond the window closes, not at the next tick', () => {
    show(at(NOW + 45_000));
    const chip = screen.getByTestId('service-window');
    expect(chip).toHaveTextContent('Janela fecha em instantes');
    act(() => {
      vi.advanceTimersByTime(44_999);
    });
    expect(chip).toHaveTextContent('Janela fecha em instantes');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(chip).toHaveTextContent('Janela de 24 h fechada');
  });

  it('renews the remaining time every 30 s while open, and stops once closed', () => {
    show(at(NOW + 3 * 60_000));
    const chip = screen.getByTestId('service-window');
    expect(chip).toHaveTextContent('Janela fecha em 3 min');
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(chip).toHaveTextContent('Janela fecha em 2 min');
    pass(150_000);
    expect(chip).toHaveTextContent('Janela de 24 h fechada');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the ticket: a new customer message opens it again, another ticket’s closed window shows at once', () => {
    const { rerender } = show(at(NOW - 1000));
    expect(screen.getByTestId('service-window')).toHaveTextContent('Janela de 24 h fechada');
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    rerender(<Chip closesAt={at(Date.now() + 24 * 3600_000)} />);
    expect(screen.getByTestId('service-window')).toHaveTextContent('Janela fecha em 24 h');
    // `now` is still the first render's, 40 s old: a window that closed 10 s ago turns at once all the same.
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    rerender(<Chip closesAt={at(Date.now() - 10_000)} />);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByTestId('service-window')).toHaveTextContent('Janela de 24 h fechada');
    rerender(<Chip closesAt={null} />);
    expect(screen.queryByTestId('service-window')).not.toBeInTheDocument();
  });
});

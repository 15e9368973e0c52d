import { ERROR_TOAST_MS, SUCCESS_TOAST_MS } from '@ciffc/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { useToast } from './Toast.tsx';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Data synced with server.')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Something failed')}>
        fail
      </button>
    </>
  );
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** Renders with real timers, then fakes only the timeouts, which the toasts are timed by. */
async function shown() {
  renderWithProviders(<Buttons />);
  await screen.findByRole('button', { name: 'ok' });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

describe('toasts (docs/spec/data-entry.md section 9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a success toast 750 ms and an error toast 4,000 ms', async () => {
    expect([SUCCESS_TOAST_MS, ERROR_TOAST_MS]).toEqual([750, 4000]);
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByText('Data synced with server.').closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Something failed');
    advance(749);
    expect(screen.queryByText('Data synced with server.')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Data synced with server.')).toBeNull();
    expect(screen.queryByText('Something failed')).not.toBeNull();
    advance(4000 - 750 - 1);
    expect(screen.queryByText('Something failed')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Something failed')).toBeNull();
  });

  it('shows the same message once when it comes twice, for the full time from the second', async () => {
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getAllByText('Something failed')).toHaveLength(1);
    advance(3999);
    expect(screen.queryByText('Something failed')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Something failed')).toBeNull();
    // Gone, the message may come again.
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getAllByText('Something failed')).toHaveLength(1);
  });

  it('closes a toast early with its close button', async () => {
    await shown();
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Something failed')).toBeNull();
  });
});

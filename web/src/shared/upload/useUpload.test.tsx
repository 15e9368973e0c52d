import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type UploadEvents, useUpload } from './useUpload.ts';

type Result = { dry_run: boolean };

function setup(send: (file: File, dryRun: boolean, events: UploadEvents<string>) => Promise<Result>) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useUpload<Result, string>({ send, historyKey: ['imports'] }), { wrapper });
  return { hook, invalidate };
}

const file = (name: string) => new File(['x'], name);

describe('useUpload', () => {
  it('checks, then imports the file chosen, refreshing the history only after the import', async () => {
    const send = vi.fn(async (_file: File, dryRun: boolean, events: UploadEvents<string>) => {
      events.onProgress(40);
      return { dry_run: dryRun };
    });
    const { hook, invalidate } = setup(send);
    act(() => hook.result.current.choose(file('a.csv')));
    await act(() => hook.result.current.send(true));
    expect(hook.result.current.step).toEqual({ kind: 'checked', result: { dry_run: true } });
    expect(invalidate).not.toHaveBeenCalled();
    await act(() => hook.result.current.send(false));
    expect(hook.result.current.step).toEqual({ kind: 'done', result: { dry_run: false } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['imports'] });
    expect(send.mock.calls.map(([f, dry]) => [f.name, dry])).toEqual([
      ['a.csv', true],
      ['a.csv', false],
    ]);
  });

  it('drops the answer for a file no longer chosen, and shows a failure of the current one', async () => {
    let answer: (r: Result) => void = () => {};
    const { hook } = setup((chosen) =>
      chosen.name === 'old.csv'
        ? new Promise<Result>((resolve) => {
            answer = resolve;
          })
        : Promise.reject(new Error('refused')),
    );
    act(() => hook.result.current.choose(file('old.csv')));
    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = hook.result.current.send(true);
    });
    expect(hook.result.current.sending).toBe(true);
    act(() => hook.result.current.choose(file('new.csv')));
    await act(async () => {
      answer({ dry_run: true });
      await pending;
    });
    expect(hook.result.current.step).toEqual({ kind: 'choose' });
    expect(hook.result.current.file?.name).toBe('new.csv');
    await act(() => hook.result.current.send(true));
    expect(hook.result.current.error).toEqual(new Error('refused'));
  });
});

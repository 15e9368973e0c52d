import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';

/** Where an upload is: a file being chosen, sent (upload percent, then the server's own progress), answered or failed. */
export type UploadStep<R, P = never> =
  | { kind: 'choose' }
  | { kind: 'sending'; dryRun: boolean; percent: number; server?: P | undefined }
  | { kind: 'checked' | 'done'; result: R }
  | { kind: 'failed'; error: unknown };

/** What a send is told while it runs: the upload's percent, then the server's progress if it reports one. */
export interface UploadEvents<P> {
  onProgress: (percent: number) => void;
  onServer: (progress: P) => void;
}

/**
 * An import page's upload (the fires file, a perimeter file): the file chosen (by the input or
 * dropped on its zone), a dry run then the import that writes, the progress, the answer or the
 * error. Choosing another file starts over, and an answer for a file no longer chosen is dropped;
 * an import that writes refreshes the page's history (`historyKey`).
 */
export function useUpload<R, P = never>(options: {
  send: (file: File, dryRun: boolean, events: UploadEvents<P>) => Promise<R>;
  historyKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<UploadStep<R, P>>({ kind: 'choose' });
  // Each choice and each send is a new attempt: an older one's answer does not land.
  const attempt = useRef(0);

  const choose = (chosen: File | null | undefined) => {
    attempt.current += 1;
    setFile(chosen ?? null);
    setStep({ kind: 'choose' });
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const mine = ++attempt.current;
    const current = () => attempt.current === mine;
    setStep({ kind: 'sending', percent: 0, dryRun });
    try {
      const result = await options.send(file, dryRun, {
        onProgress: (percent) => current() && setStep({ kind: 'sending', percent, dryRun }),
        onServer: (server) => current() && setStep({ kind: 'sending', percent: 100, dryRun, server }),
      });
      if (!current()) return;
      setStep({ kind: dryRun ? 'checked' : 'done', result });
      if (!dryRun) await queryClient.invalidateQueries({ queryKey: options.historyKey });
    } catch (error) {
      if (current()) setStep({ kind: 'failed', error });
    }
  };

  return {
    file,
    step,
    sending: step.kind === 'sending',
    result: step.kind === 'checked' || step.kind === 'done' ? step.result : undefined,
    error: step.kind === 'failed' ? step.error : undefined,
    choose,
    send,
    /** Back to choosing, the file kept (an option of the import changed). */
    reset: () => choose(file),
    /** A later step about the same file failed (the full report of its refused rows). */
    fail: (error: unknown) => setStep({ kind: 'failed', error }),
    /** The drop zone around the file input: a dropped file is chosen as if picked. */
    dropZone: {
      onDragOver: (e: DragEvent) => e.preventDefault(),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        choose(e.dataTransfer.files[0]);
      },
    },
  };
}

import type { NationalSitrepFields } from '@ciffc/contracts';
import type { FocusEvent } from 'react';

/** What an editable section of the national form reads and calls (from useNationalSitrep). */
export interface NationalEditor {
  form: NationalSitrepFields;
  errors: Record<string, string>;
  /** Not editing, or the draft is claimed by someone else. */
  disabled: boolean;
  /** A field changed: kept, its server error cleared, sent with the next blur or tick. */
  set: <K extends keyof NationalSitrepFields>(key: K, value: NationalSitrepFields[K]) => void;
  /** 5.1: the browser's validity check on leaving a field; a valid changed field queues a sync. */
  onBlurField: (event: FocusEvent<HTMLElement>, name: string) => void;
  /** Queue a sync now (radio buttons, rows added or removed). */
  queueNow: () => void;
}

/** The id of a field's error text, while it has one. */
export const describedBy = (errors: Record<string, string>, name: string) =>
  errors[name] ? `${name}-error` : undefined;

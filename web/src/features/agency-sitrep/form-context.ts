import type { AgencySitrepData, SitrepFireOption } from '@ciffc/contracts';
import { createContext } from 'react';
import type { FieldElement } from './form-state.ts';

/** What the sitrep form's fields read and call: the page (draft or read-only copy) provides it. */
export interface FormApi {
  form: AgencySitrepData;
  errors: Record<string, string>;
  /** All fields disabled (locked, not editing, or a read-only copy). */
  disabled: boolean;
  /** The fire statistics groups are fed automatically (has_dip_feed). */
  dipFeed: boolean;
  /** National centre users see both language boxes of the operations summary. */
  bothLanguages: boolean;
  fireOptions: Record<string, SitrepFireOption>;
  previous: AgencySitrepData | null;
  /**
   * A value changed (validity checked on change). Its errors are cleared: the field's and those
   * under it, or exactly `clears` when given.
   */
  change: (name: string, value: unknown, el?: FieldElement | null, clears?: readonly string[]) => void;
  /** A field lost focus: validity check, then queue the change. */
  blur: (name: string, el?: FieldElement | null) => void;
  /** Replace several values at once (copies, bring forward, rows) and queue them, unless `queue: false`. */
  replace: (patch: Partial<AgencySitrepData>, options?: { queue?: boolean }) => void;
  /** Marks a field invalid or valid by name (resource pickers). */
  flag: (errors: Record<string, string | undefined>) => void;
}

export const FormContext = createContext<FormApi | null>(null);
export const FormProvider = FormContext.Provider;

import { setIn } from '../../shared/editing/field-path.ts';
import type { FormApi } from './form-context.ts';
import { type FieldElement, validityKind, withoutErrors, withoutKeys } from './form-state.ts';
import { withGroupsFollowingFirst } from './sitrep-document.ts';
import type { DraftSitrepState } from './useDraftSitrepState.ts';
import type { SitrepEngine } from './useSitrepEditing.ts';

/**
 * What the draft's fields read and call (FormApi): a change checks the field's validity and marks
 * the form unsent, a valid blur queues it, row and copy actions replace several values at once.
 */
export function useSitrepFormApi(
  s: DraftSitrepState,
  engine: SitrepEngine,
  view: { errors: Record<string, string>; disabled: boolean },
): FormApi {
  const { t, toast, meta, query, changed, setForm, setServerErrors, setClientErrors } = s;

  const message = (el: FieldElement, kind: ReturnType<typeof validityKind>) =>
    kind === 'required'
      ? t('error.required')
      : kind === 'invalidValue'
        ? // A number field says why in the page's language (a refusal or the allowed range).
          (el.dataset.number !== undefined && el.validationMessage) || t('error.invalidValue')
        : t('error.invalidFormat');

  return {
    form: s.form,
    errors: view.errors,
    disabled: view.disabled,
    dipFeed: !!meta?.has_dip_feed,
    // Both operations-summary boxes for everyone: switching language never hides what was written.
    bothLanguages: true,
    fireOptions: query.data?.fire_options ?? {},
    previous: query.data?.previous ?? null,
    change: (name, value, el, clears) => {
      setForm((f) => withGroupsFollowingFirst(setIn(f, name, value)));
      changed.current = true;
      engine.change();
      const clear = <T>(e: Record<string, T>) => (clears ? withoutKeys(e, clears) : withoutErrors(e, name));
      setServerErrors(clear);
      const kind = el ? validityKind(el) : undefined;
      setClientErrors((e) => (el && kind ? { ...e, [name]: message(el, kind) } : clear(e)));
    },
    blur: (name, el) => {
      const kind = el ? validityKind(el) : undefined;
      if (el && kind) {
        setClientErrors((e) => ({ ...e, [name]: message(el, kind) }));
        toast.error(t('toast.notSent'));
        return;
      }
      if (el) setClientErrors((e) => withoutErrors(e, name));
      if (changed.current) {
        changed.current = false;
        engine.queue();
      }
    },
    replace: (patch, options) => {
      setForm((f) => withGroupsFollowingFirst({ ...f, ...patch }));
      for (const k of Object.keys(patch)) {
        setServerErrors((e) => withoutErrors(e, k));
        setClientErrors((e) => withoutErrors(e, k));
      }
      // A new empty row is not sent: it is queued by the next valid blur (docs/spec/data-entry.md 4.3).
      if (options?.queue === false) {
        changed.current = true;
        engine.change();
      } else engine.queue();
    },
    flag: (flags) => {
      setClientErrors((e) => {
        let next = { ...e };
        for (const [k, v] of Object.entries(flags)) next = v ? { ...next, [k]: v } : withoutErrors(next, k);
        return next;
      });
      if (Object.values(flags).some(Boolean)) toast.error(t('toast.notSent'));
    },
  };
}

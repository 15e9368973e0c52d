import { createContext, type ReactNode, useContext } from 'react';
import { useForm } from './useForm.ts';
import { type SitrepIdsUnder, useT } from './useT.ts';

const SectionName = createContext<string>('');

/** The title of the section a control is in, to tell its repeated controls apart (AddButton). */
export const useSectionName = () => useContext(SectionName);

/** A section of the form, titled `section.{id}`, with its validation slot's message above the fields. */
export function Section({
  id,
  children,
  slot,
  note,
}: {
  id: SitrepIdsUnder<'section.'>;
  children: ReactNode;
  slot?: string;
  note?: ReactNode;
}) {
  const f = useForm();
  const t = useT();
  const message = slot ? f.errors[slot] : undefined;
  return (
    <section className="sitrep-section" aria-labelledby={`as-section-${id}`}>
      <h2 id={`as-section-${id}`}>{t(`section.${id}`)}</h2>
      {note}
      {message ? (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      ) : null}
      <SectionName.Provider value={t(`section.${id}`)}>{children}</SectionName.Provider>
    </section>
  );
}

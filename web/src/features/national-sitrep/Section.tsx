import type { ReactNode } from 'react';

/** A section of the national form, titled, with its validation slot's message above its content. */
export function Section({
  id,
  title,
  slot,
  children,
}: {
  id: string;
  title: string;
  slot?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section className="sitrep-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {slot ? (
        <p className="alert alert-error section-error" role="alert">
          {slot}
        </p>
      ) : null}
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-id.ts';

/** A section of the overview: its heading names it for screen readers (aria-labelledby). */
export function OverviewSection({
  id,
  titleId,
  children,
}: {
  id: string;
  titleId: MessageId;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`overview-${id}-heading`} className="overview-section">
      <h2 id={`overview-${id}-heading`}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

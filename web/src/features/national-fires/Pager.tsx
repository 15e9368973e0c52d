import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import type { MessageId } from '../../shared/i18n/message-id.ts';

/**
 * The page Previous and Next count from: the address's while the rows shown are not its answer
 * (that page still loading with the page before kept on screen, or its answer not drawn yet from
 * the deferred copy, a render behind), else the page the drawn answer says it is.
 */
export function pageAsked<Answer>(
  address: number,
  shown: number,
  /** `isPlaceholderData`: the page before's answer kept while the address's loads (keepPreviousData). */
  query: { isPlaceholderData: boolean; data: Answer },
  /** The answer drawn: the deferred copy of `query.data`. */
  drawn: Answer,
): number {
  return query.isPlaceholderData || drawn !== query.data ? address : shown;
}

/**
 * Previous, the page as a select ("of N" beside it), Next. Previous and Next count from the page
 * asked for: pressed while that page loads, Next goes one further, not back to it.
 */
export function Pager({
  page,
  asked = page,
  totalPages,
  onPage,
  nameId = 'nationalFires.pagination',
}: {
  /** The page whose rows are shown. */
  page: number;
  /** The page asked for (the address's), which may still be loading. */
  asked?: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Each landmark on a page needs its own name (axe landmark-unique): the second pager says where it is. */
  nameId?: MessageId;
}) {
  const intl = useIntl();
  const format = useFormat();
  const id = useId();
  return (
    <nav className="fires-pager" aria-label={intl.formatMessage({ id: nameId })}>
      <button type="button" className="button" disabled={asked <= 1} onClick={() => onPage(asked - 1)}>
        <span aria-hidden="true">‹ </span>
        <FormattedMessage id="nationalFires.previous" />
      </button>
      {/* One unit, so a phone never leaves "of N" alone on its own line. */}
      <span className="fires-pager-page">
        <label htmlFor={id}>
          <FormattedMessage id="nationalFires.page" />
        </label>
        <select id={id} value={page} onChange={(e) => onPage(Number(e.target.value))}>
          {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {format.integer(n)}
            </option>
          ))}
        </select>
        <span>
          <FormattedMessage id="nationalFires.pageOf" values={{ pages: format.integer(totalPages) }} />
        </span>
      </span>
      <button
        type="button"
        className="button"
        disabled={asked >= totalPages}
        onClick={() => onPage(asked + 1)}
      >
        <FormattedMessage id="nationalFires.next" />
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}

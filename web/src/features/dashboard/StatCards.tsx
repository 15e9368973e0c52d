import { FormattedMessage, useIntl } from 'react-intl';
import { LongDay } from '../../shared/format/LongDay.tsx';
import { useFormat } from '../../shared/format/useFormat.ts';
import type { MessageId } from '../../shared/i18n/message-id.ts';

export interface StatCard {
  labelId: MessageId;
  value: number | undefined;
  /** Hectares get 1 decimal (section 9) wherever the figure is not abbreviated; counts get none. */
  unit?: 'count' | 'hectares';
}

/** The abbreviated figure (K, M) when there is one, with the full figure for a screen reader. */
function StatValue({ value, full }: { value: number; full: (v: number) => string }) {
  const format = useFormat();
  // formatStat abbreviates only above 10,000; below that it is a plain integer.
  if (format.stat(value) === format.integer(value)) return <>{full(value)}</>;
  return (
    <>
      <span aria-hidden="true">{format.stat(value)}</span>
      <span className="visually-hidden">{full(value)}</span>
    </>
  );
}

/**
 * Fire counters. The card shows the abbreviated figure of section 9 (K above 10,000, M above
 * 1,000,000); a screen reader hears the full number. `asOf` (YYYY-MM-DD) is the newest day among
 * the fires counted, from the figures' answer; its line is kept while they load (CLS).
 */
export function StatCards({ cards, asOf }: { cards: StatCard[]; asOf?: string | null }) {
  const intl = useIntl();
  const format = useFormat();
  return (
    <section className="stat-cards" aria-label={intl.formatMessage({ id: 'dashboard.stats.heading' })}>
      <h2 className="visually-hidden">
        <FormattedMessage id="dashboard.stats.heading" />
      </h2>
      <ul>
        {cards.map((card) => (
          <li key={card.labelId} className="stat-card">
            <span className="stat-card-value">
              {card.value === undefined ? (
                '–'
              ) : (
                <StatValue
                  value={card.value}
                  full={card.unit === 'hectares' ? format.hectares : format.integer}
                />
              )}
            </span>
            <span className="stat-card-label">
              <FormattedMessage id={card.labelId} />
            </span>
          </li>
        ))}
      </ul>
      <p className="figure-as-of">
        {asOf && <FormattedMessage id="dashboard.stats.asOf" values={{ date: <LongDay day={asOf} /> }} />}
      </p>
    </section>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';

export interface StatCard {
  labelId: string;
  value: number | undefined;
}

/**
 * Fire counters. The card shows the abbreviated figure of section 9 (K above 10,000, M above
 * 1,000,000); a screen reader hears the full number.
 */
export function StatCards({ cards }: { cards: StatCard[] }) {
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
              ) : format.stat(card.value) === format.integer(card.value) ? (
                format.integer(card.value)
              ) : (
                <>
                  <span aria-hidden="true">{format.stat(card.value)}</span>
                  <span className="visually-hidden">{format.integer(card.value)}</span>
                </>
              )}
            </span>
            <span className="stat-card-label">
              <FormattedMessage id={card.labelId} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

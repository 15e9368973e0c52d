import { AGENCIES } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { agencySitrepStatsQuery } from '../../shared/api/stats.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useT } from './useT.ts';

/** /agency/sitrep for the national centre: every agency's draft with its state, and its two copies. */
export function AgencyChooser() {
  const t = useT();
  const { locale } = useLocale();
  const stats = useQuery(agencySitrepStatsQuery());
  const byAgency = new Map((stats.data?.items ?? []).map((i) => [i.agency, i]));
  return (
    <div className="agency-sitrep">
      <PageHeader titleId="agencySitrep.title" />
      <p>
        <Link to="/agency">{t('overview')}</Link>
      </p>
      <h2>{t('chooseAgency')}</h2>
      <ul className="agency-sitrep-chooser">
        {AGENCIES.map((a) => {
          const s = byAgency.get(a.code);
          return (
            <li key={a.code}>
              <Link to={`/agency/sitrep/${a.code}`}>{a.name[locale]}</Link>{' '}
              {s ? (
                <span className="hint">
                  ({t(`status.${s.status}`)}, {t('meta.version')} {s.version_number})
                </span>
              ) : null}{' '}
              <Link to={`/agency/sitrep/${a.code}/approved`}>{t('approvedCopy')}</Link>{' '}
              <Link to={`/agency/sitrep/${a.code}/published`}>{t('publishedCopy')}</Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

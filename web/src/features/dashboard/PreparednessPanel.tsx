import { PREPAREDNESS_LEVEL_COLOURS, preparednessDescription } from '@ciffc/contracts';
import { type QueryStatus, useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFormat } from '../../shared/format/useFormat.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { type LatestSitrep, latestSitrepQuery } from './api.ts';

/** The four reference PDFs the content system serves under /uploads/ (cms/src/seed/content.ts). */
const DOCUMENTS = [
  { titleId: 'dashboard.docs.stages', file: 'stages-of-control' },
  { titleId: 'dashboard.docs.preparedness', file: 'preparedness-levels' },
] as const;

/**
 * National preparedness level with its description, the latest national sitrep's summary and the
 * link to /situation/YYYY-MM-DD of that report.
 */
export function PreparednessPanel() {
  const { data, status } = useQuery(latestSitrepQuery());
  // Drawn from deferred copies, in slices (see DashboardPage).
  return <PreparednessView sitrep={useDeferredValue(data)} status={useDeferredValue(status)} />;
}

const PreparednessView = memo(function PreparednessView({
  sitrep,
  status,
}: {
  sitrep: LatestSitrep | null | undefined;
  status: QueryStatus;
}) {
  const intl = useIntl();
  const { locale } = useFormat();
  const longDate = (date: string) =>
    intl.formatDate(new Date(`${date}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });

  let body: React.ReactNode;
  // The pending panel keeps about the height of a report's, so the cards below do not jump.
  if (status === 'pending')
    body = (
      <div className="apl-pending">
        <Loading />
      </div>
    );
  else if (status === 'error') body = <ErrorBox />;
  else if (!sitrep) {
    body = (
      <p>
        <FormattedMessage id="dashboard.apl.none" />
      </p>
    );
  } else {
    const level = sitrep.field_preparedness_level;
    const comments = locale === 'fr' ? sitrep.field_fr_summary_comments : sitrep.field_en_summary_comments;
    body = (
      <>
        {level ? (
          <div className="apl">
            <span className="apl-level" style={PREPAREDNESS_LEVEL_COLOURS[String(level)]}>
              <FormattedMessage id="dashboard.apl.level" values={{ level }} />
            </span>
            <p className="apl-description">{preparednessDescription(level, locale === 'fr' ? 'fr' : 'en')}</p>
          </div>
        ) : null}
        <p className="apl-date">
          <FormattedMessage id="dashboard.apl.asOf" values={{ date: longDate(sitrep.field_date) }} />
        </p>
        {comments ? <p className="sitrep-comments">{comments}</p> : null}
        <h3>
          <FormattedMessage id="dashboard.sitrep.heading" />
        </h3>
        <p>
          <Link to={`/situation/${sitrep.field_date}`}>
            <FormattedMessage id="dashboard.sitrep.link" values={{ date: longDate(sitrep.field_date) }} />
          </Link>
        </p>
      </>
    );
  }

  return (
    <section className="dashboard-panel" aria-labelledby="dashboard-apl-heading">
      <h2 id="dashboard-apl-heading">
        <FormattedMessage id="dashboard.apl.heading" />
      </h2>
      {body}
    </section>
  );
});

/** EN and FR PDF links on stages of control and preparedness levels. */
export function DocumentLinks() {
  return (
    <section className="dashboard-panel" aria-labelledby="dashboard-docs-heading">
      <h2 id="dashboard-docs-heading">
        <FormattedMessage id="dashboard.docs.heading" />
      </h2>
      <ul className="document-links">
        {DOCUMENTS.map((doc) => (
          <li key={doc.file}>
            <a href={`/uploads/${doc.file}-en.pdf`} hrefLang="en" type="application/pdf">
              <FormattedMessage id={doc.titleId} /> (<FormattedMessage id="dashboard.docs.en" />)
            </a>
            {' · '}
            <a href={`/uploads/${doc.file}-fr.pdf`} hrefLang="fr" type="application/pdf">
              <FormattedMessage id={doc.titleId} /> (<FormattedMessage id="dashboard.docs.fr" />)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

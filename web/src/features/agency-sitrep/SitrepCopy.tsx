import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { sitrepQuery } from './api.ts';
import { type FormApi, FormProvider } from './form-context.ts';
import { SitrepForm } from './SitrepForm.tsx';
import { SitrepMeta } from './SitrepMeta.tsx';
import { agencyName, pickDocument } from './sitrep-document.ts';
import { useT } from './useT.ts';

const noop = () => {};

/** The approved or published copy of an agency's report, read-only. */
export function SitrepCopy({ agency, variant }: { agency: string; variant: 'approved' | 'published' }) {
  const t = useT();
  const { locale } = useLocale();
  const identity = useIdentity();
  const query = useQuery(sitrepQuery(agency, variant));
  const api = useMemo<FormApi | null>(
    () =>
      query.data
        ? {
            form: pickDocument(query.data),
            errors: {},
            disabled: true,
            dipFeed: query.data.has_dip_feed,
            bothLanguages: true,
            fireOptions: {},
            previous: null,
            change: noop,
            blur: noop,
            replace: noop,
            flag: noop,
          }
        : null,
    [query.data],
  );
  return (
    <div className="agency-sitrep" data-variant={variant}>
      <PageHeader
        titleId={variant === 'approved' ? 'agencySitrep.titleApproved' : 'agencySitrep.titlePublished'}
      />
      <p>
        <Link to="/agency">{t('overview')}</Link> · <strong>{agencyName(agency, locale)}</strong> ·{' '}
        <Link to={`/agency/sitrep/${agency}`}>{t('draft')}</Link>
      </p>
      {query.isPending ? <Loading /> : null}
      {query.error instanceof ApiError && query.error.status === 404 ? (
        <p className="alert alert-info">{t(`noCopy.${variant}`)}</p>
      ) : query.error ? (
        <ErrorBox />
      ) : null}
      {api && query.data ? (
        <>
          <SitrepMeta
            meta={query.data}
            statusText={t(`status.${variant === 'approved' ? 'A' : query.data.status}`)}
          />
          <p className="hint">{t('readOnly')}</p>
          {identity ? (
            <FormProvider value={api}>
              <SitrepForm />
            </FormProvider>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

import { isNational } from '@ciffc/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { PageKind } from '../../shared/api/cms.ts';
import { useContentPage } from '../../shared/api/content.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { Markdown } from '../../shared/ui/Markdown.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';

/**
 * /page/{pageAlias} (public pages) and /agency/page/{pageAlias} (agency pages, then CIFFC pages
 * for CIFFC users): title and markdown body; on failure "Error" / "Page not found.".
 */
export function ContentPage({ scope }: { scope: 'public' | 'agency' }) {
  const { pageAlias = '' } = useParams();
  const intl = useIntl();
  const identity = useIdentity();
  const kinds: PageKind[] =
    scope === 'public'
      ? ['pages']
      : isNational(identity)
        ? ['agency-pages', 'ciffc-pages']
        : ['agency-pages'];
  const { content, isPending, isError } = useContentPage(kinds, pageAlias);
  const failed = !isPending && (isError || !content);
  usePageTitle(isPending ? undefined : failed ? intl.formatMessage({ id: 'common.error' }) : content?.name);

  if (isPending) return <Loading />;
  if (failed || !content) {
    return (
      <article className="content-page">
        <h1>
          <FormattedMessage id="common.error" />
        </h1>
        <p>
          <FormattedMessage id="common.pageNotFound" />
        </p>
      </article>
    );
  }
  return (
    <article className="content-page">
      <h1>{content.name}</h1>
      <Markdown>{content.body}</Markdown>
    </article>
  );
}

export function PublicContentPage() {
  return <ContentPage scope="public" />;
}

export function AgencyContentPage() {
  return <ContentPage scope="agency" />;
}

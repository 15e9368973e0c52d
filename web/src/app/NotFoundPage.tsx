import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageHeader } from '../shared/ui/PageHeader.tsx';

/** /404: unpublished features and unknown paths land here. */
export function NotFoundPage() {
  return (
    <div className="not-found">
      <PageHeader titleId="notFound.title" />
      <p>
        <FormattedMessage id="notFound.body" />
      </p>
      <p>
        <Link to="/">
          <FormattedMessage id="notFound.home" />
        </Link>
      </p>
    </div>
  );
}

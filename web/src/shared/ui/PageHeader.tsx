import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/message-id.ts';
import { usePageTitle } from './usePageTitle.ts';

/**
 * The page's h1 and document title from one message id. Feature pages start with it; a page
 * whose title comes from data calls usePageTitle itself.
 */
export function PageHeader({ titleId, children }: { titleId: MessageId; children?: ReactNode }) {
  const title = useIntl().formatMessage({ id: titleId });
  usePageTitle(title);
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * The data load failure box of the error catalogue: title "Error", body "External server URL"
 * unless the screen gives its own body.
 */
export function ErrorBox({
  children,
  variant = 'error',
}: {
  children?: ReactNode;
  variant?: 'error' | 'warning';
}) {
  return (
    <div className={`alert alert-${variant}`} role="alert">
      <p className="alert-title">
        <strong>
          <FormattedMessage id="common.error" />
        </strong>
      </p>
      <div className="alert-body">{children ?? <FormattedMessage id="common.externalServerUrl" />}</div>
    </div>
  );
}

import { useIntl } from 'react-intl';

/** A loading indicator announced to screen readers. */
export function Loading({ inline = false }: { inline?: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'common.loading' });
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-text">{label}</span>
    </Tag>
  );
}

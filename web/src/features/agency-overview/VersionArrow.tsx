import { useIntl } from 'react-intl';

/** → when the two copies match, a slashed arrow when they differ; the words are there for everyone. */
export function VersionArrow({ same, what }: { same: boolean; what: 'approved' | 'published' }) {
  const intl = useIntl();
  const text = intl.formatMessage({
    id: same ? `agencyOverview.arrow.${what}.same` : `agencyOverview.arrow.${what}.differs`,
  });
  return (
    <span className={`version-arrow ${same ? 'version-arrow-same' : 'version-arrow-differs'}`} title={text}>
      <svg viewBox="0 0 24 16" width="24" height="16" aria-hidden="true" focusable="false">
        <path d="M2 8h17M14 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        {same ? null : <path d="M7 15L15 1" stroke="currentColor" strokeWidth="2" />}
      </svg>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import './embed-map.css';

/** The iframe code of the embedded map (/map) in the page's language, for other sites to paste. */
function embedCode(origin: string, locale: string, title: string): string {
  const src = `${origin}/map${locale === 'fr' ? '?lang=fr' : ''}`;
  return `<iframe src="${src}" title="${title}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
}

/**
 * "Embed this map": a disclosure (details/summary, keyboard and screen reader ready without
 * script) with the code in a read-only field and a copy button whose result is announced.
 */
export function EmbedMapSnippet() {
  const intl = useIntl();
  const { locale } = useLocale();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const code = embedCode(
    window.location.origin,
    locale,
    intl.formatMessage({ id: 'dashboard.embed.frameTitle' }),
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <details className="embed-map">
      <summary>{intl.formatMessage({ id: 'dashboard.embed.summary' })}</summary>
      <p id="embed-map-help">{intl.formatMessage({ id: 'dashboard.embed.help' })}</p>
      <label htmlFor="embed-map-code">{intl.formatMessage({ id: 'dashboard.embed.codeLabel' })}</label>
      <textarea
        id="embed-map-code"
        readOnly
        rows={3}
        value={code}
        aria-describedby="embed-map-help"
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" onClick={copy}>
        {intl.formatMessage({ id: 'dashboard.embed.copy' })}
      </button>
      <span role="status">
        {copied === 'yes' && intl.formatMessage({ id: 'dashboard.embed.copied' })}
        {copied === 'no' && intl.formatMessage({ id: 'dashboard.embed.copyFailed' })}
      </span>
    </details>
  );
}

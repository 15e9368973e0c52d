import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import type { Catalogue } from './catalogue.ts';
import { initialLocale as firstLocale, intlLocale, type Locale, storeLocale } from './locale.ts';

interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale outside LocaleProvider');
  return value;
}

/**
 * English by default and as fallback (a French id that is missing shows the English text), the
 * choice remembered in localStorage and mirrored on `<html lang>`; a first visit follows `?lang=`
 * or the browser's languages (`initialLocale`).
 */
export function LocaleProvider({
  catalogue,
  initialLocale,
  children,
}: {
  catalogue: Catalogue;
  initialLocale?: Locale;
  children: ReactNode;
}) {
  const [locale, setLocaleState] = useState<Locale>(
    () => initialLocale ?? firstLocale(window.location.search, navigator.languages ?? []),
  );
  const setLocale = useCallback((next: Locale) => {
    storeLocale(next);
    setLocaleState(next);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const messages = useMemo(
    () => (locale === 'fr' ? { ...catalogue.en, ...catalogue.fr } : catalogue.en),
    [catalogue, locale],
  );
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={intlLocale(locale)} defaultLocale="en-CA" messages={messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

import { formatCoordinate, formatDecimal, formatInteger, formatStat, type Locale } from '@ciffc/contracts';
import { useMemo } from 'react';
import { useLocale } from '../i18n/LocaleProvider.tsx';

/** The number formats of docs/spec/public-site.md section 9, bound to the current language. */
export function useFormat() {
  const { locale } = useLocale();
  return useMemo(() => bindFormat(locale), [locale]);
}

function bindFormat(locale: Locale) {
  return {
    locale,
    integer: (v: number) => formatInteger(v, locale),
    decimal: (v: number) => formatDecimal(v, locale),
    hectares: (v: number) => formatDecimal(v, locale),
    coordinate: (v: number) => formatCoordinate(v, locale),
    stat: (v: number) => formatStat(v, locale),
  };
}

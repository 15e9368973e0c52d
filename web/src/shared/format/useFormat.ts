import {
  formatCoordinate,
  formatDecimal,
  formatHectares,
  formatInteger,
  formatStat,
  type Locale,
} from '@ciffc/contracts';
import { useMemo } from 'react';
import { useLocale } from '../i18n/LocaleProvider.tsx';

export { formatCoordinate, formatDecimal, formatHectares, formatInteger, formatStat };

/** The number formats of public-site.md section 9, bound to the current language. */
export function useFormat() {
  const { locale } = useLocale();
  return useMemo(() => bindFormat(locale), [locale]);
}

export function bindFormat(locale: Locale) {
  return {
    locale,
    integer: (v: number) => formatInteger(v, locale),
    decimal: (v: number) => formatDecimal(v, locale),
    hectares: (v: number) => formatHectares(v, locale),
    coordinate: (v: number) => formatCoordinate(v, locale),
    stat: (v: number) => formatStat(v, locale),
  };
}

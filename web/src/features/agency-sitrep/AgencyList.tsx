import { AGENCIES, type Locale } from '@ciffc/contracts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';

/** The centre and the partner countries a mobilization may go to or come from, by code. */
const PARTNERS: Record<string, Record<Locale, string>> = {
  ciffc: { en: 'CIFFC', fr: 'CIIFF' },
  us: { en: 'United States', fr: 'États-Unis' },
  au: { en: 'Australia', fr: 'Australie' },
  nz: { en: 'New Zealand', fr: 'Nouvelle-Zélande' },
  za: { en: 'South Africa', fr: 'Afrique du Sud' },
  mx: { en: 'Mexico', fr: 'Mexique' },
};

/** The name of a mobilization's To or From code in `locale`, or null for a code not known. */
export function partyName(code: string, locale: Locale): string | null {
  const lower = code.toLowerCase();
  return AGENCIES.find((a) => a.code === lower)?.name[locale] ?? PARTNERS[lower]?.[locale] ?? null;
}

/** The To and From suggestions of the mobilization rows: the agencies, the centre and the partner countries. */
export function AgencyList() {
  const { locale } = useLocale();
  return (
    <datalist id="as-agency-codes">
      {[...AGENCIES.map((a) => a.code), ...Object.keys(PARTNERS)].map((c) => (
        <option key={c} value={c}>
          {partyName(c, locale)}
        </option>
      ))}
    </datalist>
  );
}

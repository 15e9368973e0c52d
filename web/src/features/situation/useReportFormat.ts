import {
  PRODUCT,
  type PublicNationalSitrep,
  STAGE_OF_CONTROL_NAMES,
  type StageOfControl,
} from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';

/** The report's words and numbers in the page's language: agency, stage and place names, counts and areas. */
export function useReportFormat(report: PublicNationalSitrep) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const f = useFormat();
  const { locale } = useLocale();
  const fr = locale === 'fr';
  const n = (v: number | null | undefined) => (v == null ? '–' : f.integer(v));
  const ha = (v: number | null | undefined) => (v == null ? '–' : f.hectares(v));
  const agencyName = (code: string) => {
    const a = report.agencies.find((x) => x.field_code === code);
    return a ? (fr ? a.field_name_fr : a.field_name_en) : code.toUpperCase();
  };
  // Names, not codes: OC/BH/UC/OUT as the national list and the filters say them.
  const stageName = (code: string) =>
    code in STAGE_OF_CONTROL_NAMES ? STAGE_OF_CONTROL_NAMES[code as StageOfControl][locale] : code;
  const place = (code: string) => {
    if (code === 'ciffc') return PRODUCT;
    if (code === 'fed') return fr ? 'Féd.' : 'Fed';
    if (code === 'intl') return 'Intl';
    return code.toUpperCase();
  };
  return { intl, t, f, locale, fr, n, ha, agencyName, stageName, place };
}

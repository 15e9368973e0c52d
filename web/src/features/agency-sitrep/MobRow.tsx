import { REPORT_ROW_FIELDS } from '@ciffc/contracts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { partyName } from './AgencyList.tsx';
import { NumberField } from './NumberField.tsx';
import { Picker } from './Picker.tsx';
import { TextField } from './TextField.tsx';
import { useT } from './useT.ts';

/** A mobilization's and a demobilization's typed fields share their labels and bounds (row registry). */
const M = REPORT_ROW_FIELDS.mobilization;

/** The fields of a (de)mobilization row: To, amount, resource, From. */
export function MobRow({
  list,
  index,
  lockedToFrom,
}: {
  list: 'mobs_grouped' | 'mobs' | 'demobs';
  index: number;
  lockedToFrom?: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  const p = `${list}.${index}`;
  const readAs = (code: string) => partyName(code, locale);
  return (
    <>
      <TextField
        name={`${p}.to`}
        label={t(M.to.label)}
        required
        list="as-agency-codes"
        disabled={lockedToFrom}
        readAs={readAs}
      />
      <NumberField name={`${p}.resources.amount`} label={t(M['resources.amount'].label)} required />
      <Picker
        name={`${p}.resources`}
        legend={`${t(`section.${list === 'mobs_grouped' ? 'mobsGrouped' : list}`)} – ${t('row', { n: index + 1 })}`}
      />
      <TextField
        name={`${p}.from`}
        label={t(M.from.label)}
        required
        list="as-agency-codes"
        disabled={lockedToFrom}
        readAs={readAs}
      />
    </>
  );
}

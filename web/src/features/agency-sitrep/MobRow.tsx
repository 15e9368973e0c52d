import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { partyName } from './AgencyList.tsx';
import { NumberField } from './NumberField.tsx';
import { Picker } from './Picker.tsx';
import { TextField } from './TextField.tsx';
import { useT } from './useT.ts';

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
        label={t('field.to')}
        required
        list="as-agency-codes"
        disabled={lockedToFrom}
        readAs={readAs}
      />
      <NumberField name={`${p}.resources.amount`} label={t('field.amount')} min={1} required />
      <Picker
        name={`${p}.resources`}
        legend={`${t(`section.${list === 'mobs_grouped' ? 'mobsGrouped' : list}`)} – ${t('row', { n: index + 1 })}`}
      />
      <TextField
        name={`${p}.from`}
        label={t('field.from')}
        required
        list="as-agency-codes"
        disabled={lockedToFrom}
        readAs={readAs}
      />
    </>
  );
}

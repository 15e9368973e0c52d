import { EMPTY_RESOURCE_CHOICE, type ResourceChoice } from '@ciffc/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { ResourcePicker } from '../../shared/resources/ResourcePicker.tsx';

/** The resource picker with its Add button: adds the resource to both grids. */
export function AddNationalMobResource({
  onAdd,
  existing,
}: {
  onAdd: (short: string) => void;
  existing: string[];
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [choice, setChoice] = useState<ResourceChoice>({ ...EMPTY_RESOURCE_CHOICE });
  const already = choice.item !== '' && existing.includes(choice.item);
  return (
    <div className="add-resource">
      <ResourcePicker
        value={choice}
        onChange={setChoice}
        legend={t('nationalSitrep.nationalMobs.pick')}
        showLegend
      />
      <button
        type="button"
        className="button"
        disabled={!choice.item || already}
        onClick={() => {
          onAdd(choice.item);
          setChoice({ ...EMPTY_RESOURCE_CHOICE });
        }}
      >
        {t('nationalSitrep.nationalMobs.add')}
      </button>
      {already ? <p className="field-hint">{t('nationalSitrep.nationalMobs.already')}</p> : null}
    </div>
  );
}

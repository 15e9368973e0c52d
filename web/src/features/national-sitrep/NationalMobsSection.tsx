import type { NationalMobColumn, ResourceIndex } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { AddNationalMobResource } from './AddNationalMobResource.tsx';
import { NationalMobGrid } from './NationalMobGrid.tsx';
import type { NationalEditor } from './national-editor.ts';
import { Section } from './Section.tsx';

/** National mobilizations: Bring forward, a resource to add, and the To and From grids. */
export function NationalMobsSection({
  editor,
  slot,
  index,
  onBringForward,
  onAdd,
  onRemove,
  onCell,
}: {
  editor: NationalEditor;
  slot: string | undefined;
  index: ResourceIndex | undefined;
  onBringForward: () => void;
  onAdd: (short: string) => void;
  onRemove: (short: string) => void;
  onCell: (
    side: 'national_to_mobs' | 'national_from_mobs',
    short: string,
    column: NationalMobColumn,
    value: number | null,
  ) => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { form, errors, disabled, onBlurField } = editor;
  return (
    <Section id="ns-national-mobs" title={t('nationalSitrep.section.nationalMobilizations')} slot={slot}>
      {disabled ? null : (
        <div className="national-mob-tools">
          <button type="button" className="button" onClick={onBringForward}>
            {t('nationalSitrep.bringForward')}
          </button>
          <AddNationalMobResource existing={Object.keys(form.national_to_mobs)} onAdd={onAdd} />
        </div>
      )}
      {(['to', 'from'] as const).map((side) => (
        <NationalMobGrid
          key={side}
          side={side}
          table={side === 'to' ? form.national_to_mobs : form.national_from_mobs}
          index={index}
          disabled={disabled}
          errors={errors}
          onCell={(short, column, value) =>
            onCell(side === 'to' ? 'national_to_mobs' : 'national_from_mobs', short, column, value)
          }
          onBlurCell={onBlurField}
          onRemove={onRemove}
        />
      ))}
    </Section>
  );
}

import type { MobRow } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { MobRowsEditor } from './MobRowsEditor.tsx';
import type { NationalEditor } from './national-editor.ts';
import { Section } from './Section.tsx';

/** Mobilizations grouped by destination, and the outstanding resource requests. */
export function MobilizationsSection({
  editor,
  slot,
  onRows,
}: {
  editor: NationalEditor;
  slot: string | undefined;
  onRows: (rows: MobRow[]) => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { form, errors, disabled, set, onBlurField, queueNow } = editor;
  return (
    <Section id="ns-mobs" title={t('nationalSitrep.section.mobilizations')} slot={slot}>
      <MobRowsEditor
        field="mobs_grouped"
        rows={form.mobs_grouped}
        disabled={disabled}
        errors={errors}
        onChange={onRows}
        onBlurField={onBlurField}
        onQueue={queueNow}
      />
      <div className="field">
        <label htmlFor="outstanding_resource_requests">{t('nationalSitrep.outstanding')}</label>
        <textarea
          id="outstanding_resource_requests"
          name="outstanding_resource_requests"
          rows={3}
          value={form.outstanding_resource_requests}
          disabled={disabled}
          onChange={(e) => set('outstanding_resource_requests', e.target.value)}
          onBlur={(e) => onBlurField(e, 'outstanding_resource_requests')}
        />
      </div>
    </Section>
  );
}

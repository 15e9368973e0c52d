import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { FieldError } from './FieldError.tsx';
import type { NationalEditor } from './national-editor.ts';
import { Section } from './Section.tsx';

/** The duty officer, with the names of earlier reports and the duty officer list as suggestions. */
export function DutyOfficerSection({
  editor,
  slot,
  officerNames,
}: {
  editor: NationalEditor;
  slot: string | undefined;
  officerNames: string[];
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { form, errors, disabled, set, onBlurField } = editor;
  return (
    <Section id="ns-duty" title={t('nationalSitrep.section.dutyOfficer')} slot={slot}>
      <div className="field">
        <label htmlFor="duty_officer_name">{t('nationalSitrep.dutyOfficer')}</label>
        <input
          id="duty_officer_name"
          name="duty_officer_name"
          type="text"
          list="duty-officer-options"
          maxLength={200}
          autoComplete="off"
          value={form.duty_officer_name}
          disabled={disabled}
          onChange={(e) => set('duty_officer_name', e.target.value)}
          onBlur={(e) => onBlurField(e, 'duty_officer_name')}
        />
        <datalist id="duty-officer-options">
          {officerNames.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <FieldError errors={errors} name="duty_officer_name" />
      </div>
    </Section>
  );
}

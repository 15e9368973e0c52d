import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { FieldError } from './FieldError.tsx';
import { describedBy, type NationalEditor } from './national-editor.ts';
import { Section } from './Section.tsx';

/** The national summary comments, in English and in French. */
export function SummarySection({ editor, slot }: { editor: NationalEditor; slot: string | undefined }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { form, errors, disabled, set, onBlurField } = editor;
  return (
    <Section id="ns-summary" title={t('nationalSitrep.section.summary')} slot={slot}>
      {(['en_summary_comments', 'fr_summary_comments'] as const).map((name) => (
        <div className="field" key={name}>
          <label htmlFor={name}>
            {t(name === 'en_summary_comments' ? 'nationalSitrep.summaryEn' : 'nationalSitrep.summaryFr')}
          </label>
          <textarea
            id={name}
            name={name}
            rows={5}
            maxLength={20000}
            lang={name === 'en_summary_comments' ? 'en' : 'fr'}
            value={form[name]}
            disabled={disabled}
            aria-describedby={describedBy(errors, name)}
            onChange={(e) => set(name, e.target.value)}
            onBlur={(e) => onBlurField(e, name)}
          />
          <FieldError errors={errors} name={name} />
        </div>
      ))}
    </Section>
  );
}

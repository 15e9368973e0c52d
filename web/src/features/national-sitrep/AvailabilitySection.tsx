import type { AgencySitrepSummary, ResourceIndex } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { resourceName } from './resource-name.ts';
import { Section } from './Section.tsx';
import { SectionTable } from './SectionTable.tsx';

/** The resources the agencies have available for sharing (rars), read-only. */
export function AvailabilitySection({
  agencies,
  index,
}: {
  agencies: AgencySitrepSummary[];
  index: ResourceIndex | undefined;
}) {
  const intl = useIntl();
  const t: (id: MessageId, values?: Record<string, string | number>) => string = (id, values) =>
    intl.formatMessage({ id }, values);
  const { locale } = useLocale();
  const f = useFormat();
  const rows = agencies.flatMap((a) =>
    a.rars.map((r) => [
      a.agency.toUpperCase(),
      resourceName(r.resources.item, index, locale),
      f.integer(r.available),
    ]),
  );
  return (
    <Section id="ns-rars" title={t('nationalSitrep.section.rars')}>
      <SectionTable
        caption={t('nationalSitrep.section.rars')}
        head={[t('nationalSitrep.agency'), t('nationalSitrep.resource'), t('nationalSitrep.available')]}
        kinds={['text', 'text', 'number']}
        rows={rows}
        empty={t('nationalSitrep.none')}
      />
    </Section>
  );
}

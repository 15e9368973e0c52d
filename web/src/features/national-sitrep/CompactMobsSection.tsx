import type { AgencySitrepSummary, ResourceIndex } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { placeLabel } from './places.ts';
import { resourceName } from './resource-name.ts';
import { Section } from './Section.tsx';
import { SectionTable } from './SectionTable.tsx';

/** The agencies' own mobilizations of the day (compact_mobs), read-only. */
export function CompactMobsSection({
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
  const rows = agencies.flatMap((a) =>
    a.compact_mobs.map((r) => [
      a.agency.toUpperCase(),
      placeLabel(r.to, locale),
      `${r.resources.amount ?? ''} × ${resourceName(r.resources.item, index, locale)}`,
      placeLabel(r.from, locale),
    ]),
  );
  return (
    <Section id="ns-compact" title={t('nationalSitrep.section.compact')}>
      <SectionTable
        caption={t('nationalSitrep.section.compact')}
        head={[
          t('nationalSitrep.agency'),
          t('nationalSitrep.mobs.to'),
          t('nationalSitrep.resource'),
          t('nationalSitrep.mobs.from'),
        ]}
        rows={rows}
        empty={t('nationalSitrep.none')}
      />
    </Section>
  );
}

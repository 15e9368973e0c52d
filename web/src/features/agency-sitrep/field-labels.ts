import { reportField } from '@ciffc/contracts';
import type { IntlShape } from 'react-intl';
import { catalogueLabel } from '../../shared/editing/ConflictNotice.tsx';
import { catalogueId } from '../../shared/i18n/message-id.ts';
import type { SitrepIdsUnder, SitrepMessageId } from './useT.ts';

/** The list fields are named by their section outside the form (the conflict notice). */
const LIST_SECTIONS: Record<string, SitrepIdsUnder<'section.'>> = {
  priority_fires: 'priorityFires',
  mobs_grouped: 'mobsGrouped',
  mobs: 'mobs',
  demobs: 'demobs',
  rars: 'rars',
};

/** The message ids that name a field of the agency report, for the conflict notice. */
export function sitrepFieldLabel(intl: IntlShape): (field: string) => string {
  const own = catalogueLabel(intl, (k) => `agencySitrep.field.${k}`);
  const text = (id: SitrepMessageId) => intl.formatMessage({ id: `agencySitrep.${id}` });
  // A server's field name: a label only when the catalogue has one.
  const known = (id: string) => catalogueId(intl, `agencySitrep.${id}`);
  return (field) => {
    if (known(`field.${field}`)) return own(field);
    const list = Object.hasOwn(LIST_SECTIONS, field) ? LIST_SECTIONS[field] : undefined;
    if (list) return text(`section.${list}`);
    // A label the form repeats in several sections ("Active", "Out") is named with its section.
    const spec = reportField(field);
    const section = spec && known(`section.${spec.section}`);
    const label = spec && known(spec.label);
    return spec?.sectionInName && section && label
      ? `${intl.formatMessage({ id: section })} – ${intl.formatMessage({ id: label })}`
      : field;
  };
}

import { reportField } from '@ciffc/contracts';
import type { IntlShape } from 'react-intl';
import { catalogueLabel } from '../../shared/editing/ConflictNotice.tsx';

/** The list fields are named by their section outside the form (the conflict notice). */
const LIST_SECTIONS: Record<string, string> = {
  priority_fires: 'priorityFires',
  mobs_grouped: 'mobsGrouped',
  mobs: 'mobs',
  demobs: 'demobs',
  rars: 'rars',
};

/** The message ids that name a field of the agency report, for the conflict notice. */
export function sitrepFieldLabel(intl: IntlShape): (field: string) => string {
  const own = catalogueLabel(intl, (k) => `agencySitrep.field.${k}`);
  const text = (id: string) => intl.formatMessage({ id: `agencySitrep.${id}` });
  return (field) => {
    if (intl.messages[`agencySitrep.field.${field}`]) return own(field);
    const list = LIST_SECTIONS[field];
    if (list) return text(`section.${list}`);
    // A label the form repeats in several sections ("Active", "Out") is named with its section.
    const spec = reportField(field);
    return spec?.sectionInName ? `${text(`section.${spec.section}`)} – ${text(spec.label)}` : field;
  };
}

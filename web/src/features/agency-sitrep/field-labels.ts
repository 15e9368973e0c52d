import type { IntlShape } from 'react-intl';
import { catalogueLabel } from '../../shared/editing/ConflictNotice.tsx';

/**
 * The sections of the fields that share a label on the form ("Active", "Out", "Total hectares" in
 * each of three sections) and of the list fields: outside their section (the conflict notice) a
 * field is named "Section – label", never by its code.
 */
const SECTION_OF_PREFIX: Record<string, string> = {
  c: 'modifiedResponse',
  c2: 'monitoredResponse',
  e: 'prescribedFires',
};
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
    const m = /^(c2|c|e)_(act|out|total_hectares)$/.exec(field);
    const section = m && SECTION_OF_PREFIX[m[1] as string];
    return section ? `${text(`section.${section}`)} – ${text(`field.${m[2]}`)}` : field;
  };
}

import { SITREP_SECTIONS } from '@ciffc/contracts';

/**
 * The validation slot of a section. Two sections share form_11 (mobilizations and the duty
 * officer): the message shows once, at the first of them.
 */
export const sectionSlot = (id: string) => {
  const section = SITREP_SECTIONS.find((s) => s.id === id);
  return section && SITREP_SECTIONS.find((s) => s.slot === section.slot) === section
    ? section.slot
    : undefined;
};

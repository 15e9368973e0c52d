import { AddButton } from './AddButton.tsx';
import { BringForward } from './BringForward.tsx';
import { emptyMob } from './empty-mob.ts';
import { MobRow } from './MobRow.tsx';
import { RemoveButton } from './RemoveButton.tsx';
import { Section } from './Section.tsx';
import { useRowActions } from './useRowActions.ts';
import { type SitrepIdsUnder, useT } from './useT.ts';

/** Mobilizations or demobilizations: one row each, no groups. */
export function SimpleMobilizations({
  list,
  id,
  bringForward,
}: {
  list: 'mobs' | 'demobs';
  id: SitrepIdsUnder<'section.'>;
  bringForward?: boolean;
}) {
  const t = useT();
  const { rows, add, remove } = useRowActions(list);
  return (
    <Section id={id}>
      {bringForward ? <BringForward fields={[list]} /> : null}
      {rows.length === 0 ? <p>{t('empty')}</p> : null}
      {rows.map((r, i) => (
        <fieldset key={r.key ?? i} className="sitrep-row">
          <legend>
            {t(`section.${id}`)} – {t('row', { n: i + 1 })}
          </legend>
          <MobRow list={list} index={i} />
          <RemoveButton onClick={() => remove(i)} label={t('row', { n: i + 1 })} />
        </fieldset>
      ))}
      <AddButton onClick={() => add(emptyMob())} />
    </Section>
  );
}

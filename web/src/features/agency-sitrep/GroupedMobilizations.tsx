import { AddButton } from './AddButton.tsx';
import { emptyMob } from './empty-mob.ts';
import { newKey } from './form-state.ts';
import { MobRow } from './MobRow.tsx';
import { RemoveButton } from './RemoveButton.tsx';
import { Section } from './Section.tsx';
import { sectionSlot } from './section-slot.ts';
import { useRowActions } from './useRowActions.ts';
import { useT } from './useT.ts';

/** Grouped mobilizations: later rows of a group take To and From from its first row, locked. */
export function GroupedMobilizations() {
  const t = useT();
  const { rows, add, remove } = useRowActions('mobs_grouped');
  const groups: string[] = [];
  for (const r of rows) if (!groups.includes(r.group ?? '')) groups.push(r.group ?? '');
  return (
    <Section id="mobsGrouped" slot={sectionSlot('mobilizations')}>
      {rows.length === 0 ? <p>{t('empty')}</p> : null}
      {groups.map((g, gi) => {
        const members = rows.map((r, i) => ({ r, i })).filter(({ r }) => (r.group ?? '') === g);
        const head = members[0]?.r;
        return (
          <fieldset key={g || 'none'} className="sitrep-group">
            <legend>{t('group', { n: gi + 1 })}</legend>
            {members.map(({ r, i }, k) => (
              <div key={r.key ?? i} className="sitrep-row">
                <MobRow list="mobs_grouped" index={i} lockedToFrom={k > 0} />
                <RemoveButton onClick={() => remove(i)} label={t('row', { n: i + 1 })} />
              </div>
            ))}
            <AddButton
              where={`${t('section.mobsGrouped')} – ${t('group', { n: gi + 1 })}`}
              onClick={() => add(emptyMob(g || newKey('g'), head?.to ?? '', head?.from ?? ''))}
            />
          </fieldset>
        );
      })}
      <AddButton label={t('action.addGroup')} onClick={() => add(emptyMob(newKey('g')))} />
    </Section>
  );
}

import { NATIONAL_FORM_SLOTS } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ReauthDialog } from '../../shared/auth/ReauthDialog.tsx';
import { ConnectionStatus } from '../../shared/editing/ConnectionStatus.tsx';
import { useResourceOptions } from '../../shared/resources/api.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { AgencySections } from './AgencySections.tsx';
import { AvailabilitySection } from './AvailabilitySection.tsx';
import { dutyOfficersQuery, type NationalDraft } from './api.ts';
import { CompactMobsSection } from './CompactMobsSection.tsx';
import { DutyOfficerSection } from './DutyOfficerSection.tsx';
import { LevelScale } from './LevelScale.tsx';
import { MobilizationsSection } from './MobilizationsSection.tsx';
import { MobRowsEditor } from './MobRowsEditor.tsx';
import { NationalMobsSection } from './NationalMobsSection.tsx';
import { NationalToolbar } from './NationalToolbar.tsx';
import type { NationalEditor } from './national-editor.ts';
import { PublishFooter } from './PublishFooter.tsx';
import { Section } from './Section.tsx';
import { SummarySection } from './SummarySection.tsx';
import { UsFireActivitySection } from './UsFireActivitySection.tsx';
import { useNationalSitrep } from './useNationalSitrep.ts';
import './national-sitrep.css';
import type { MessageId } from '../../app/messages.ts';

/** /agency/national: the national situation report, edited by the national centre (docs/spec/data-entry.md 2.2). */
export function NationalSitrepPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const s = useNationalSitrep();
  const officers = useQuery(dutyOfficersQuery());
  const { index } = useResourceOptions();
  const { draftQuery, form, meta, errors, disabled, locked, editing } = s;

  if (draftQuery.isPending || (!form && !draftQuery.isError))
    return (
      <>
        <PageHeader titleId="nationalSitrep.title" />
        <Loading />
      </>
    );
  if (draftQuery.isError || !form || !meta)
    return (
      <>
        <PageHeader titleId="nationalSitrep.title" />
        <ErrorBox />
      </>
    );

  const draft = draftQuery.data as NationalDraft;
  const editor: NationalEditor = {
    form,
    errors,
    disabled,
    set: s.set,
    onBlurField: s.onBlurField,
    queueNow: s.queueNow,
  };
  const officerNames = [
    ...new Set([...(draft.duty_officer_options ?? []), ...(officers.data?.items.map((o) => o.name) ?? [])]),
  ];
  const slot = (key: keyof typeof NATIONAL_FORM_SLOTS) => errors[NATIONAL_FORM_SLOTS[key]];
  const agencies = draft.sitrep?.agency_sitreps ?? [];

  return (
    <div className="national-sitrep">
      <PageHeader titleId="nationalSitrep.title" />
      <NationalToolbar
        meta={meta}
        reportDate={draft.report_date}
        sync={s.sync}
        conflict={s.conflict}
        form={form}
        myId={s.identity?.id}
        locked={locked}
        editing={editing}
        onDismissConflict={s.dismissConflict}
        onStart={() => void s.startEditing()}
        onPause={() => void s.pauseEditing()}
      />

      <ConnectionStatus state={s.editState} />
      <ReauthDialog open={s.reauth.needed} onSignedIn={s.reauth.done} />

      <SummarySection editor={editor} slot={slot('summary')} />

      <Section id="ns-level" title={t('nationalSitrep.section.preparedness')} slot={slot('preparedness')}>
        <LevelScale
          name="preparedness_level"
          legend={t('nationalSitrep.nationalLevel')}
          isChecked={(level) => form.preparedness_level === level}
          onPick={(level) => {
            s.set('preparedness_level', level);
            s.queueNow();
          }}
          disabled={disabled}
          errors={errors}
        />
      </Section>

      <DutyOfficerSection editor={editor} slot={slot('dutyOfficer')} officerNames={officerNames} />

      <AgencySections agencies={agencies} />

      <MobilizationsSection
        editor={editor}
        slot={slot('mobilizations')}
        onRows={(rows) => s.setRows('mobs_grouped', rows)}
      />

      <NationalMobsSection
        editor={editor}
        slot={slot('nationalMobilizations')}
        index={index}
        onBringForward={s.bringForward}
        onAdd={s.addNationalMob}
        onRemove={s.removeNationalMob}
        onCell={s.setCell}
      />

      <CompactMobsSection agencies={agencies} index={index} />

      <Section
        id="ns-demobs"
        title={t('nationalSitrep.section.demobilizations')}
        slot={slot('demobilizations')}
      >
        <MobRowsEditor
          field="demobs"
          rows={form.demobs}
          disabled={disabled}
          errors={errors}
          onChange={(rows) => s.setRows('demobs', rows)}
          onBlurField={s.onBlurField}
          onQueue={s.queueNow}
        />
      </Section>

      <AvailabilitySection agencies={agencies} index={index} />

      <UsFireActivitySection editor={editor} slot={slot('usFireActivity')} />

      {Object.entries(errors)
        .filter(([k]) => /^form_[4-7]$/.test(k))
        .map(([k, v]) => (
          <p key={k} className="alert alert-error" role="alert">
            {v}
          </p>
        ))}

      <PublishFooter
        canPublish={editing && !locked}
        hasErrors={s.hasErrors}
        busy={s.publishing || s.sync === 'syncing'}
        published={meta.is_published}
        editing={editing}
        onPublish={() => void s.publish()}
      />
    </div>
  );
}

import { isNational, type PerimetersImportResult } from '@ciffc/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { codedText, serverText } from '../../shared/editing/server-text.ts';
import type { IdsUnder } from '../../shared/i18n/message-id.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useUpload } from '../../shared/upload/useUpload.ts';
import {
  inspectPerimeterFile,
  type MappingChoice,
  perimeterImportsQuery,
  sendPerimeterImport,
} from './api.ts';
import { FieldMapping, proposedChoice } from './FieldMapping.tsx';

const fireOf = (f: { agency_code: string | null; agency_fire_id: string | null }) =>
  f.agency_fire_id ? `${f.agency_fire_id}${f.agency_code ? ` (${f.agency_code.toUpperCase()})` : ''}` : null;

/** A table of features of the answer: its caption and column headings from the page's messages. */
function FeatureTable({
  caption,
  columns,
  children,
}: {
  caption: IdsUnder<'perimetersImport.'>;
  columns: IdsUnder<'perimetersImport.'>[];
  children: ReactNode;
}) {
  return (
    <table>
      <caption>
        <FormattedMessage id={`perimetersImport.${caption}`} />
      </caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c}>
              <FormattedMessage id={`perimetersImport.${c}`} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The answer of an import: counts, every refused feature with its reason, the unmatched ones. */
export function PerimetersImportSummary({
  result,
  fileName,
}: {
  result: PerimetersImportResult;
  fileName: string;
}) {
  const intl = useIntl();
  const noAgency = result.unmatched_reasons['perimeters.unmatched_no_agency'] ?? 0;
  return (
    <section aria-labelledby="perimeters-import-summary">
      <h2 id="perimeters-import-summary">
        <FormattedMessage
          id={result.dry_run ? 'perimetersImport.checked' : 'perimetersImport.done'}
          values={{ file: fileName }}
        />
      </h2>
      <p>
        <FormattedMessage
          id="perimetersImport.counts"
          values={{
            total: result.total_features,
            accepted: result.accepted_count,
            inserted: result.inserted,
            replaced: result.replaced,
            unchanged: result.unchanged,
            refused: result.refused_count,
            unmatched: result.unmatched_count,
          }}
        />
      </p>
      {result.refused.length ? (
        <FeatureTable caption="refused" columns={['feature', 'fire', 'reason']}>
          {result.refused.map((r) => (
            <tr key={r.feature}>
              <td>{r.feature}</td>
              <td>{fireOf(r) ?? <FormattedMessage id="perimetersImport.noId" />}</td>
              <td>{codedText(intl, r.code, r.params, r.reason)}</td>
            </tr>
          ))}
        </FeatureTable>
      ) : null}
      {noAgency ? (
        <p role="note">
          <FormattedMessage id="perimetersImport.noAgencyHint" values={{ count: noAgency }} />
        </p>
      ) : null}
      {result.unmatched.length ? (
        <FeatureTable caption="unmatched" columns={['feature', 'fire', 'capturedAt', 'area', 'why']}>
          {result.unmatched.map((u) => (
            <tr key={u.feature}>
              <td>{u.feature}</td>
              <td>{fireOf(u) ?? <FormattedMessage id="perimetersImport.noId" />}</td>
              <td>
                <FormattedDate value={u.captured_at} dateStyle="medium" timeZone="UTC" />
              </td>
              <td>{intl.formatNumber(u.area_ha)}</td>
              <td>{u.code ? codedText(intl, u.code, u.params, u.reason ?? u.code) : null}</td>
            </tr>
          ))}
        </FeatureTable>
      ) : null}
    </section>
  );
}

function ImportHistory() {
  const { data } = useQuery(perimeterImportsQuery());
  if (!data) return null;
  return (
    <section aria-labelledby="perimeters-import-history">
      <h2 id="perimeters-import-history">
        <FormattedMessage id="perimetersImport.history" />
      </h2>
      {data.items.length === 0 ? (
        <p>
          <FormattedMessage id="perimetersImport.historyEmpty" />
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="perimetersImport.when" />
              </th>
              <th scope="col">
                <FormattedMessage id="perimetersImport.who" />
              </th>
              <th scope="col">
                <FormattedMessage id="perimetersImport.fileName" />
              </th>
              <th scope="col">
                <FormattedMessage id="perimetersImport.summary" />
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((i) => (
              <tr key={i.id}>
                <td>
                  <FormattedDate value={i.created_at} dateStyle="medium" timeStyle="short" />
                </td>
                <td>{i.username ?? i.source}</td>
                <td>{i.file_name ?? i.format}</td>
                <td>
                  <FormattedMessage
                    id="perimetersImport.historyRow"
                    values={{
                      total: i.total_features,
                      inserted: i.inserted,
                      refused: i.refused,
                      unmatched: i.unmatched,
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The perimeter import (docs/perimeters.md): choose a file, map its fields (proposed from the
 * agency's last mapping or detected), send it, checked first by default, then imported.
 */
export function PerimetersImportPage() {
  const id = useId();
  const intl = useIntl();
  const national = isNational(useIdentity());
  const [dryRun, setDryRun] = useState(true);
  const [choice, setChoice] = useState<MappingChoice>();
  const inspect = useMutation({
    mutationFn: (chosen: File) => inspectPerimeterFile(chosen),
    onSuccess: (inspected) => setChoice(proposedChoice(inspected, undefined)),
  });
  // The mapping chosen for this file is sent with it; the choice of dry run is the form's.
  const upload = useUpload<PerimetersImportResult>({
    send: (chosen, dry) => sendPerimeterImport(chosen, dry, choice),
    historyKey: ['perimeter-imports'],
  });
  const { file } = upload;
  const onFile = (chosen: File | undefined) => {
    upload.choose(chosen);
    setChoice(undefined);
    inspect.reset();
    if (chosen) inspect.mutate(chosen);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void upload.send(dryRun);
  };
  return (
    <>
      <PageHeader titleId="perimetersImport.title" />
      <p>
        <FormattedMessage id="perimetersImport.intro" />
      </p>
      <form onSubmit={onSubmit}>
        <p>
          <label htmlFor={`${id}-file`}>
            <FormattedMessage id="perimetersImport.file" />
          </label>{' '}
          <input
            id={`${id}-file`}
            type="file"
            accept=".geojson,.json,.kml,.kmz,.zip,application/geo+json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/zip"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
        </p>
        {inspect.isPending ? (
          <p role="status">
            <FormattedMessage id="perimetersImport.reading" />
          </p>
        ) : null}
        {inspect.error ? <ErrorBox>{serverText(inspect.error, intl)}</ErrorBox> : null}
        {inspect.data && choice ? (
          <FieldMapping inspected={inspect.data} choice={choice} national={national} onChange={setChoice} />
        ) : null}
        <p>
          <label>
            <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />{' '}
            <FormattedMessage id="perimetersImport.dryRun" />
          </label>
        </p>
        <button type="submit" disabled={!file || upload.sending || inspect.isPending}>
          <FormattedMessage id={upload.sending ? 'perimetersImport.sending' : 'perimetersImport.submit'} />
        </button>
      </form>
      {upload.error ? <ErrorBox>{serverText(upload.error, intl)}</ErrorBox> : null}
      {upload.result && file ? <PerimetersImportSummary result={upload.result} fileName={file.name} /> : null}
      <ImportHistory />
    </>
  );
}

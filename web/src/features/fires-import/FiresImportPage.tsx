import type { FiresImportProgress } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/http.ts';
import { codedText, serverText } from '../../shared/editing/server-text.ts';
import { codeText } from '../../shared/i18n/message-id.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useUpload } from '../../shared/upload/useUpload.ts';
import {
  downloadImportFile,
  downloadRejectedReport,
  type ImportSummary,
  importsQuery,
  sendImport,
} from './api.ts';

/**
 * The counts and the rejected rows of an import's answer (dry run or done): the answer lists the
 * first 100, every one is in the report (`onDownloadReport`).
 */
export function ImportSummaryView({
  summary,
  fileName,
  onDownloadReport,
}: {
  summary: ImportSummary;
  fileName: string;
  onDownloadReport?: (() => void) | undefined;
}) {
  const intl = useIntl();
  const reasons = Object.entries(summary.rejected_by_reason ?? {});
  return (
    <section aria-labelledby="fires-import-summary">
      <h2 id="fires-import-summary">
        <FormattedMessage
          id={summary.dry_run ? 'firesImport.summary.heading' : 'firesImport.summary.done'}
          values={{ file: fileName }}
        />
      </h2>
      <p>
        <FormattedMessage
          id="firesImport.summary.counts"
          values={{
            total: summary.total_rows,
            accepted: summary.accepted_count,
            inserted: summary.inserted,
            updated: summary.updated,
            unchanged: summary.unchanged,
            rejected: summary.rejected_count,
          }}
        />
      </p>
      {summary.overruled > 0 && (
        <p>
          <FormattedMessage
            id="firesImport.summary.overruled"
            values={{
              count: summary.overruled,
              sources: Object.entries(summary.overruled_by)
                .map(([source, n]) => `${codeText(intl, 'firesImport.source.', source)} ${n}`)
                .join(', '),
            }}
          />
        </p>
      )}
      {summary.snapshot_on !== null && (
        <p>
          <FormattedMessage
            id={summary.dry_run ? 'firesImport.summary.willEnd' : 'firesImport.summary.ended'}
            values={{ day: summary.snapshot_on, count: summary.ended }}
          />
        </p>
      )}
      {reasons.length > 0 && (
        <>
          <h3>
            <FormattedMessage id="firesImport.byReason" />
          </h3>
          <ul>
            {reasons.map(([code, n]) => (
              <li key={code}>
                <code>{code}</code>: {n}
              </li>
            ))}
          </ul>
          <table>
            <caption>
              <FormattedMessage id="firesImport.rejected.caption" />
              {summary.rejected_truncated > 0 && (
                <>
                  {' '}
                  <FormattedMessage
                    id="firesImport.rejected.firstOf"
                    values={{ shown: summary.rejected.length, count: summary.rejected_count }}
                  />
                </>
              )}
            </caption>
            <thead>
              <tr>
                {(['row', 'line', 'agency', 'fireId', 'reason'] as const).map((c) => (
                  <th key={c} scope="col">
                    <FormattedMessage id={`firesImport.col.${c}`} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {summary.rejected.map((r) => (
                <tr key={r.row}>
                  <td>{r.row}</td>
                  <td>{r.line ?? ''}</td>
                  <td>{r.agency_code ?? ''}</td>
                  <td>{r.agency_fire_id ?? ''}</td>
                  <td>{codedText(intl, r.code, r.params, r.reason)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {onDownloadReport && (
            <p>
              <button type="button" className="link-button" onClick={onDownloadReport}>
                <FormattedMessage id="firesImport.report" values={{ count: summary.rejected_count }} />
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ImportHistory() {
  const [page, setPage] = useState(1);
  const history = useQuery(importsQuery(page));
  if (history.isPending) return <Loading />;
  if (history.isError) return <ErrorBox />;
  const { items, meta } = history.data;
  return (
    <section aria-labelledby="fires-import-history">
      <h2 id="fires-import-history">
        <FormattedMessage id="firesImport.history.heading" />
      </h2>
      {items.length === 0 ? (
        <p>
          <FormattedMessage id="firesImport.history.empty" />
        </p>
      ) : (
        <table>
          <caption>
            <FormattedMessage id="firesImport.history.caption" />
          </caption>
          <thead>
            <tr>
              {(['date', 'source', 'user', 'fileName', 'rows', 'result'] as const).map((c) => (
                <th key={c} scope="col">
                  <FormattedMessage id={`firesImport.col.${c}`} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>
                  <FormattedDate value={e.created_at} dateStyle="medium" timeStyle="short" />
                </td>
                <td>{e.source}</td>
                <td>{e.username ?? ''}</td>
                <td>
                  {e.file_name ?? ''}{' '}
                  <button type="button" className="link-button" onClick={() => void downloadImportFile(e)}>
                    <FormattedMessage id="firesImport.download" />
                  </button>
                </td>
                <td>{e.total_rows}</td>
                <td>{`${e.inserted} / ${e.updated} / ${e.unchanged} / ${e.rejected}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {meta.total_pages > 1 && (
        <p>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <FormattedMessage id="firesImport.previous" />
          </button>{' '}
          <FormattedMessage id="firesImport.page" values={{ page, pages: meta.total_pages }} />{' '}
          <button type="button" disabled={page >= meta.total_pages} onClick={() => setPage(page + 1)}>
            <FormattedMessage id="firesImport.next" />
          </button>
        </p>
      )}
    </section>
  );
}

/**
 * The upload's progress, then the server's check (its total is unknown until it ends: an
 * indeterminate bar); the stage is announced politely, the rows as they grow.
 */
function SendingProgress({ percent, server }: { percent: number; server: FiresImportProgress | undefined }) {
  const intl = useIntl();
  return (
    <div>
      <p>
        <progress max={100} value={percent} aria-label={intl.formatMessage({ id: 'firesImport.progress' })} />{' '}
        <FormattedMessage id="firesImport.uploading" values={{ percent }} />
      </p>
      <ServerProgress server={server} />
    </div>
  );
}

/** The server's check of the file, the import's or the full report's (docs/fires-import.md, "Progress"). */
function ServerProgress({ server }: { server: FiresImportProgress | undefined }) {
  const intl = useIntl();
  return (
    <p role="status" aria-live="polite">
      {server && (
        <>
          <progress aria-label={intl.formatMessage({ id: 'firesImport.serverProgress' })} />{' '}
          <FormattedMessage
            id={server.stage === 'writing' ? 'firesImport.server.writing' : 'firesImport.server.checking'}
            values={{ rows: server.rows_checked, written: server.rows_written }}
          />
        </>
      )}
    </p>
  );
}

export function FiresImportPage() {
  const intl = useIntl();
  const inputId = useId();
  const [snapshot, setSnapshot] = useState<'layout' | 'always' | 'never'>('layout');
  const upload = useUpload<ImportSummary, FiresImportProgress>({
    send: (chosen, dryRun, events) =>
      sendImport(
        chosen,
        { dryRun, snapshot: snapshot === 'layout' ? null : snapshot === 'always' },
        events.onProgress,
        events.onServer,
      ),
    historyKey: ['fire-imports'],
  });
  const { file, step, choose } = upload;
  // The full report being made: null when none, then the server's check as it is told.
  const [reporting, setReporting] = useState<{ server?: FiresImportProgress } | null>(null);
  const snapshotId = useId();

  return (
    <div className="fires-import">
      <PageHeader titleId="firesImport.title" />
      <p>
        <FormattedMessage id="firesImport.intro" />
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds to the file input it holds */}
      <div className="drop-zone" onDragOver={upload.dropZone.onDragOver} onDrop={upload.dropZone.onDrop}>
        <label htmlFor={inputId}>
          <FormattedMessage id="firesImport.file" />
        </label>{' '}
        <input
          id={inputId}
          type="file"
          accept=".csv,.json,.geojson,text/csv,application/json,application/geo+json"
          onChange={(e) => choose(e.target.files?.[0])}
        />{' '}
        <FormattedMessage id="firesImport.drop" />
      </div>
      <p>
        <label htmlFor={snapshotId}>
          <FormattedMessage id="firesImport.snapshot" />
        </label>{' '}
        <select
          id={snapshotId}
          value={snapshot}
          onChange={(e) => {
            setSnapshot(e.target.value as typeof snapshot);
            upload.reset();
          }}
        >
          {(['layout', 'always', 'never'] as const).map((c) => (
            <option key={c} value={c}>
              {intl.formatMessage({ id: `firesImport.snapshot.${c}` })}
            </option>
          ))}
        </select>
      </p>
      <p>
        <button
          type="button"
          disabled={!file || step.kind === 'sending'}
          onClick={() => void upload.send(true)}
        >
          <FormattedMessage id="firesImport.check" />
        </button>
      </p>
      {step.kind === 'sending' && <SendingProgress percent={step.percent} server={step.server} />}
      {step.kind === 'failed' && (
        <ErrorBox>
          {step.error instanceof ApiError && step.error.fromServer ? serverText(step.error, intl) : undefined}
        </ErrorBox>
      )}
      {(step.kind === 'checked' || step.kind === 'done') && file && (
        <ImportSummaryView
          summary={step.result}
          fileName={file.name}
          onDownloadReport={() => {
            setReporting({});
            void downloadRejectedReport(file, (server) => setReporting({ server }))
              .catch(upload.fail)
              .finally(() => setReporting(null));
          }}
        />
      )}
      {reporting && <ServerProgress server={reporting.server} />}
      {step.kind === 'checked' && step.result.accepted_count > 0 && (
        <p>
          <button type="button" onClick={() => void upload.send(false)}>
            <FormattedMessage id="firesImport.confirm" values={{ count: step.result.accepted_count }} />
          </button>{' '}
          <button type="button" onClick={() => choose(null)}>
            <FormattedMessage id="firesImport.cancel" />
          </button>
        </p>
      )}
      <ImportHistory />
    </div>
  );
}

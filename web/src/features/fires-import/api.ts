import type { FireImport, FireImportsPage, FiresImportProgress, FiresImportResult } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/data-api.ts';
import { ApiError } from '../../shared/api/http.ts';
import { getToken } from '../../shared/auth/session.ts';

/** The answer of POST /v1/fires/import (docs/fires-import.md, "The answer"). */
export type ImportSummary = FiresImportResult;
export const importsQuery = (page: number) =>
  queryOptions({
    queryKey: ['fire-imports', page],
    queryFn: ({ signal }) => apiGet<FireImportsPage>('/v1/fires/imports', { query: { page }, signal }),
    staleTime: 0,
  });

const contentTypeOf = (file: File) =>
  /\.(geo)?json$/i.test(file.name) || file.type.includes('json') ? 'application/geo+json' : 'text/csv';

/** How often the screen asks how far the server's check is (a part of 20,000 rows takes about a second). */
const CHECK_POLL_MS = 1000;

/**
 * Asks how far the server is with the import named `id` until `done` settles, telling `onCheck`;
 * a 404 (the file not yet taken, or already answered) or a failed read only skips that turn.
 */
async function followCheck(
  id: string,
  done: Promise<unknown>,
  onCheck: (progress: FiresImportProgress) => void,
): Promise<void> {
  let settled = false;
  const over = done.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  while (!settled) {
    await Promise.race([over, new Promise((resolve) => setTimeout(resolve, CHECK_POLL_MS))]);
    if (settled) return;
    try {
      const progress = await apiGet<FiresImportProgress>(`/v1/fires/import/progress/${id}`);
      if (!settled) onCheck(progress);
    } catch {
      // Not running (yet): ask again at the next turn.
    }
  }
}

/**
 * Sends the file as the body of the import, with XMLHttpRequest because fetch reports no upload
 * progress; `onProgress` gets 0 to 100 while it uploads, then `onCheck` the server's stage and rows
 * checked (`?progress=`, docs/fires-import.md, "Progress") until the answer comes.
 */
export function sendImport(
  file: File,
  options: { dryRun: boolean; snapshot: boolean | null },
  onProgress: (percent: number) => void,
  onCheck: (progress: FiresImportProgress) => void,
): Promise<ImportSummary> {
  const progressId = crypto.randomUUID();
  let uploaded = () => {};
  const upload = new Promise<void>((resolve) => {
    uploaded = resolve;
  });
  const answer = postImport(file, options, progressId, { onProgress, uploaded });
  void upload.then(() => followCheck(progressId, answer, onCheck));
  return answer;
}

function postImport(
  file: File,
  options: { dryRun: boolean; snapshot: boolean | null },
  progressId: string,
  events: { onProgress: (percent: number) => void; uploaded: () => void },
): Promise<ImportSummary> {
  const { onProgress } = events;
  const params = new URLSearchParams({
    progress: progressId,
    dry_run: String(options.dryRun),
    file_name: file.name.slice(0, 255),
    // No value: the API decides by the file's layout (docs/fires-import.md, "Snapshots").
    ...(options.snapshot === null ? {} : { snapshot: String(options.snapshot) }),
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/v1/fires/import?${params}`);
    xhr.setRequestHeader('Content-Type', contentTypeOf(file));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    // The file is on the server: its check starts.
    xhr.upload.onload = () => events.uploaded();
    xhr.onerror = () => reject(new ApiError('Network error', 0));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200) resolve(body as ImportSummary);
      else {
        const message = (body as { message?: string } | undefined)?.message;
        reject(new ApiError(message ?? `${xhr.status}`, xhr.status, body, !!message));
      }
    };
    xhr.send(file);
  });
}

/**
 * Every rejected row of a file as CSV (`?report=csv`: the file checked again, nothing written), saved
 * through a blob; an answer lists only the first 100. `onCheck` hears how far the server's check is
 * (`?progress=`), as for the import.
 */
export async function downloadRejectedReport(
  file: File,
  onCheck: (progress: FiresImportProgress) => void = () => {},
): Promise<void> {
  const token = getToken();
  const progressId = crypto.randomUUID();
  const params = new URLSearchParams({
    report: 'csv',
    file_name: file.name.slice(0, 255),
    progress: progressId,
  });
  const answer = fetch(`/v1/fires/import?${params}`, {
    method: 'POST',
    headers: { 'Content-Type': contentTypeOf(file), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: file,
  }).then(async (response) => {
    if (!response.ok) throw new ApiError(`${response.status}`, response.status);
    return response.blob();
  });
  void followCheck(progressId, answer, onCheck);
  const url = URL.createObjectURL(await answer);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${file.name.replace(/\.\w+$/, '')}-rejected.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/** The file of an import as sent, saved through a blob (the route needs the bearer). */
export async function downloadImportFile(entry: FireImport): Promise<void> {
  const token = getToken();
  const response = await fetch(`/v1/fires/imports/${entry.id}/file`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(`${response.status}`, response.status);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = entry.file_name ?? `import-${entry.id}.${entry.format === 'csv' ? 'csv' : 'geojson'}`;
  a.click();
  URL.revokeObjectURL(url);
}

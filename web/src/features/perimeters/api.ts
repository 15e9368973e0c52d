import type { PerimeterImport, PerimetersImportResult } from '@ciffc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/data-api.ts';
import { ApiError } from '../../shared/api/http.ts';
import { getToken } from '../../shared/auth/session.ts';

export const perimeterImportsQuery = () =>
  queryOptions({
    queryKey: ['perimeter-imports'],
    queryFn: ({ signal }) => apiGet<{ items: PerimeterImport[] }>('/v1/perimeters/imports', { signal }),
    staleTime: 0,
  });

/** The media type of a perimeter file by its name (the API recognises the format by its bytes anyway). */
function contentTypeOf(file: File): string {
  if (/\.zip$/i.test(file.name)) return 'application/zip';
  if (/\.kml$/i.test(file.name)) return 'application/vnd.google-earth.kml+xml';
  if (/\.kmz$/i.test(file.name)) return 'application/vnd.google-earth.kmz';
  return 'application/geo+json';
}

/** Sends the file as the body of POST /v1/perimeters/import. */
export async function sendPerimeterImport(file: File, dryRun: boolean): Promise<PerimetersImportResult> {
  const params = new URLSearchParams({ dry_run: String(dryRun), file_name: file.name.slice(0, 255) });
  const token = getToken();
  const response = await fetch(`/v1/perimeters/import?${params}`, {
    method: 'POST',
    headers: {
      'Content-Type': contentTypeOf(file),
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as PerimetersImportResult;
  const message = (body as { message?: string } | undefined)?.message;
  throw new ApiError(message ?? `${response.status}`, response.status, body, !!message);
}

import {
  type AgencyCode,
  mappingParameter,
  PERIMETER_MAPPED_FIELDS,
  type PerimeterFieldMapping,
  type PerimeterImport,
  type PerimetersImportResult,
  type PerimetersInspectResult,
} from '@ciffc/contracts';
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

/** The field mapping step's choice: attributes for some fields, and the whole file's agency. */
export interface MappingChoice {
  mapping: PerimeterFieldMapping;
  agency: AgencyCode | undefined;
  /** The agency whose remembered mapping was proposed, if one was. */
  from?: string | null | undefined;
}

/** POST /v1/perimeters/import with the file as the body and `params` as the query. */
async function postFile<T>(file: File, params: URLSearchParams): Promise<T> {
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
  if (response.ok) return body as T;
  const message = (body as { message?: string } | undefined)?.message;
  throw new ApiError(message ?? `${response.status}`, response.status, body, !!message);
}

const choiceParams = (choice: MappingChoice | undefined) => {
  const params = new URLSearchParams();
  for (const field of PERIMETER_MAPPED_FIELDS) {
    const attribute = choice?.mapping[field];
    if (attribute) params.set(mappingParameter(field), attribute);
  }
  if (choice?.agency) params.set('agency', choice.agency);
  return params;
};

/** The file's attributes and the mapping proposed for it (`?inspect=true`): nothing is checked or kept. */
export function inspectPerimeterFile(file: File, agency?: AgencyCode): Promise<PerimetersInspectResult> {
  const params = new URLSearchParams({ inspect: 'true' });
  if (agency) params.set('agency', agency);
  return postFile(file, params);
}

/** Sends the file as the body of POST /v1/perimeters/import, with the field mapping chosen. */
export function sendPerimeterImport(
  file: File,
  dryRun: boolean,
  choice?: MappingChoice,
): Promise<PerimetersImportResult> {
  const params = new URLSearchParams({ dry_run: String(dryRun), file_name: file.name.slice(0, 255) });
  for (const [key, value] of choiceParams(choice)) params.set(key, value);
  return postFile(file, params);
}

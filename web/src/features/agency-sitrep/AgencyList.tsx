import { AGENCY_CODES } from '@ciffc/contracts';

/** The To and From suggestions of the mobilization rows: the agencies, the centre and the partner countries. */
export function AgencyList() {
  return (
    <datalist id="as-agency-codes">
      {[...AGENCY_CODES, 'ciffc', 'us', 'au', 'nz', 'za', 'mx'].map((c) => (
        <option key={c} value={c} />
      ))}
    </datalist>
  );
}

/**
 * CSV downloads of the site. The format (BOM, quoting, formula neutralising) is the product's one
 * CSV format in `@ciffc/contracts`, shared with the data API's exports.
 */
export { CSV_BOM, type CsvCell, csvCell, toCsv } from '@ciffc/contracts';

export const CSV_MIME = 'text/csv;charset=utf-8';

/** Offers the text as a download named `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob([text], { type: CSV_MIME });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

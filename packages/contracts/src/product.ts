/**
 * The national centre's abbreviation: the role name, the column label beside Fed and Intl, the
 * `ciffc_response_capacity` field and the `CIFFC.csv` export file (spec README, `{product}`).
 * One constant so that a rename is a one-line change.
 */
export const PRODUCT = 'CIFFC' as const;
export const PRODUCT_FIELD_PREFIX = PRODUCT.toLowerCase();
export const PRODUCT_EXPORT_FILE = `${PRODUCT}.csv`;

/** Cache lifetime of docs/spec/public-site.md section 9, in seconds (the session's: token-rule.ts). */
export const CACHE_SECONDS = 900;
/** Polling and toasts, in milliseconds. */
export const OVERVIEW_POLL_MS = 60_000;
export const SYNC_INTERVAL_MS = 5_000;
export const ERROR_TOAST_MS = 4_000;
export const SUCCESS_TOAST_MS = 750;

/** The centre's time zone: report dates and "today" are taken here (spec README). */
export const CENTRE_TIME_ZONE = 'America/Winnipeg';

import type { AgencySitrepStatsItem, NationalSitrepStats } from '@ciffc/contracts';
import type { MessageId } from '../../shared/i18n/message-id.ts';

/** Display states of docs/spec/public-site.md section 4, each with a label and a style. */
export type DisplayState = 'NOTSTARTED' | 'N' | 'E' | 'S' | 'R' | 'A' | 'UNPUBLISHED' | 'PUBLISHED';

export interface StateView {
  state: DisplayState;
  /** For Being Edited: whether the current user holds the claim ("by you") or another ("by agency", lock icon). */
  byYou?: boolean;
}

export type AgencyStats = Pick<AgencySitrepStatsItem, 'agency' | 'status' | 'version_number' | 'claimed_by'> &
  Partial<AgencySitrepStatsItem>;

/**
 * An agency sitrep shows Not yet started unless its status is known and its version is positive;
 * a positive claimed_by means Being Edited.
 */
export function agencyState(item: AgencyStats | undefined, userId: number | undefined): StateView {
  if (!item?.status || !(Number(item.version_number) > 0)) return { state: 'NOTSTARTED' };
  if (typeof item.claimed_by === 'number' && item.claimed_by > 0)
    return { state: 'E', byYou: userId !== undefined && item.claimed_by === userId };
  const status = item.status as string;
  return { state: (['N', 'E', 'S', 'R', 'A'].includes(status) ? status : 'N') as DisplayState };
}

/** National sitrep: Being Edited if claimed; otherwise Published or Not published. */
export function nationalState(
  stats: Pick<NationalSitrepStats, 'claimed_by' | 'is_published'> | undefined,
  userId: number | undefined,
): StateView {
  if (stats && typeof stats.claimed_by === 'number' && stats.claimed_by > 0)
    return { state: 'E', byYou: userId !== undefined && stats.claimed_by === userId };
  return { state: stats?.is_published ? 'PUBLISHED' : 'UNPUBLISHED' };
}

export const STATE_MESSAGE: Record<DisplayState, MessageId> = {
  NOTSTARTED: 'agencyOverview.state.notStarted',
  N: 'agencyOverview.state.unsubmitted',
  E: 'agencyOverview.state.beingEdited',
  S: 'agencyOverview.state.submitted',
  R: 'agencyOverview.state.rejected',
  A: 'agencyOverview.state.approved',
  UNPUBLISHED: 'agencyOverview.state.notPublished',
  PUBLISHED: 'agencyOverview.state.published',
};

/** Map and legend colours (each with enough contrast against the white outline and the text). */
export const STATE_COLOUR: Record<DisplayState, string> = {
  NOTSTARTED: '#d9d9d9',
  N: '#f3e6a8',
  E: '#f2a65a',
  S: '#6ea8dc',
  R: '#d9534f',
  A: '#5cb85c',
  UNPUBLISHED: '#bdbdbd',
  PUBLISHED: '#2e7d32',
};

/** Whether two versions match for the arrows (both absent counts as matching nothing). */
export function sameVersion(a: number | null | undefined, b: number | null | undefined): boolean {
  return typeof a === 'number' && typeof b === 'number' && a > 0 && a === b;
}

/** The stats list may come as an array or as `{ items }`. */
export function statsItems(body: unknown): AgencyStats[] {
  if (Array.isArray(body)) return body as AgencyStats[];
  const items = (body as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as AgencyStats[]) : [];
}

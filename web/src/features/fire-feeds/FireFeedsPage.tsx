import type { FeedStatus, ValidationErrors } from '@ciffc/contracts';
import { AGENCIES } from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { ApiError } from '../../shared/api/http.ts';
import { fieldTexts, serverText } from '../../shared/editing/server-text.ts';
import type { IdsUnder } from '../../shared/i18n/message-id.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import { type FeedKind, feedsQuery, feedsQueryKey, removeFeed, runFeed, saveFeed } from './api.ts';

function FeedStatusText({ feed }: { feed: FeedStatus | undefined }) {
  const intl = useIntl();
  if (!feed) return <FormattedMessage id="fireFeeds.none" />;
  const time = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      {feed.last_success_at && (
        <div>
          <FormattedMessage id="fireFeeds.status.success" values={{ time: time(feed.last_success_at) }} />
        </div>
      )}
      {feed.last_error_at && (
        <div className="feed-error">
          <FormattedMessage
            id="fireFeeds.status.error"
            values={{ time: time(feed.last_error_at), error: feed.last_error ?? '' }}
          />
        </div>
      )}
      {feed.last_total_rows !== null && (
        <div>
          <FormattedMessage
            id="fireFeeds.status.rows"
            values={{
              total: feed.last_total_rows,
              accepted: feed.last_accepted,
              rejected: feed.last_rejected,
            }}
          />
        </div>
      )}
      {feed.enabled && (
        <div>
          <FormattedMessage id="fireFeeds.status.next" values={{ time: time(feed.next_run_at) }} />
        </div>
      )}
    </>
  );
}

/**
 * Whether the feed sends the agency's complete list (docs/fires-import.md, "Snapshots"): by the
 * file's layout (the national active-fires layout is one), always, or never.
 */
const SNAPSHOT_CHOICES = ['layout', 'always', 'never'] as const;
type SnapshotChoice = (typeof SNAPSHOT_CHOICES)[number];
const SNAPSHOT_VALUES: Record<SnapshotChoice, boolean | null> = { layout: null, always: true, never: false };
const snapshotChoice = (value: boolean | null): SnapshotChoice =>
  value === null ? 'layout' : value ? 'always' : 'never';

/** The body's fields by their column on the screen. */
type Column = IdsUnder<'fireFeeds.col.'>;

const FIELD_COLUMNS: Record<string, Column> = {
  url: 'url',
  interval_minutes: 'interval',
  enabled: 'enabled',
  snapshot: 'snapshot',
};

/**
 * One agency's row: its URL, interval, switches, saved together. A perimeter feed has no
 * "complete list" choice: each perimeter file replaces nothing but the captures it brings.
 */
function FeedRow({
  kind,
  agency,
  name,
  feed,
}: {
  kind: FeedKind;
  agency: string;
  name: string;
  feed: FeedStatus | undefined;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(feed?.url ?? '');
  const [interval, setInterval] = useState(String(feed?.interval_minutes ?? 15));
  const [enabled, setEnabled] = useState(feed?.enabled ?? true);
  const [snapshot, setSnapshot] = useState<SnapshotChoice>(snapshotChoice(feed?.snapshot ?? null));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: feedsQueryKey(kind) });
    } catch (e) {
      setError(refusalText(e));
    } finally {
      setBusy(false);
    }
  };
  // A refused field is named by its column, its code in the user's language; else the refusal's code.
  const refusalText = (e: unknown) => {
    const errors =
      e instanceof ApiError
        ? (e.body as { validationErrors?: ValidationErrors })?.validationErrors
        : undefined;
    const texts = errors ? Object.entries(fieldTexts(errors, intl)) : [];
    if (texts.length === 0) return serverText(e, intl);
    return texts
      .map(([field, text]) => {
        const column = FIELD_COLUMNS[field];
        return column
          ? intl.formatMessage(
              { id: 'fireFeeds.fieldError' },
              { column: intl.formatMessage({ id: `fireFeeds.col.${column}` }), error: text },
            )
          : text;
      })
      .join(' ');
  };
  // Both tables are on the screen: a perimeter feed's fields say so in their names.
  const label = (id: MessageId) =>
    kind === 'fires'
      ? `${intl.formatMessage({ id })} – ${name}`
      : intl.formatMessage(
          { id: 'fireFeeds.perimeters.label' },
          { column: intl.formatMessage({ id }), agency: name },
        );
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <input
          type="url"
          value={url}
          aria-label={label('fireFeeds.col.url')}
          onChange={(e) => setUrl(e.target.value)}
        />
        {error && (
          <div className="field-error" role="alert">
            {error}
          </div>
        )}
      </td>
      <td>
        <input
          type="number"
          min={1}
          max={1440}
          value={interval}
          aria-label={label('fireFeeds.col.interval')}
          onChange={(e) => setInterval(e.target.value)}
        />
      </td>
      <td>
        <input
          type="checkbox"
          checked={enabled}
          aria-label={label('fireFeeds.col.enabled')}
          onChange={(e) => setEnabled(e.target.checked)}
        />
      </td>
      {kind === 'fires' ? (
        <td>
          <select
            value={snapshot}
            aria-label={label('fireFeeds.col.snapshot')}
            onChange={(e) => setSnapshot(e.target.value as SnapshotChoice)}
          >
            {SNAPSHOT_CHOICES.map((c) => (
              <option key={c} value={c}>
                {intl.formatMessage({ id: `fireFeeds.snapshot.${c}` })}
              </option>
            ))}
          </select>
        </td>
      ) : null}
      <td>
        <FeedStatusText feed={feed} />
      </td>
      <td>
        <button
          type="button"
          disabled={busy || !url}
          onClick={() =>
            void act(() =>
              saveFeed(
                agency,
                {
                  url,
                  interval_minutes: Number(interval),
                  enabled,
                  snapshot: kind === 'fires' ? SNAPSHOT_VALUES[snapshot] : null,
                },
                kind,
              ),
            )
          }
        >
          <FormattedMessage id="fireFeeds.save" />
        </button>{' '}
        {feed && (
          <>
            <button type="button" disabled={busy} onClick={() => void act(() => runFeed(agency, kind))}>
              <FormattedMessage id="fireFeeds.run" />
            </button>{' '}
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  await removeFeed(agency, kind);
                  setUrl('');
                })
              }
            >
              <FormattedMessage id="fireFeeds.remove" />
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

const COLUMNS: Record<FeedKind, Column[]> = {
  fires: ['agency', 'url', 'interval', 'enabled', 'snapshot', 'status'],
  perimeters: ['agency', 'url', 'interval', 'enabled', 'status'],
};

/** One kind's table, read on its own: a failure of one kind leaves the other usable. */
function FeedsTable({ kind, lang }: { kind: FeedKind; lang: 'en' | 'fr' }) {
  const intl = useIntl();
  const feeds = useQuery(feedsQuery(kind));
  if (feeds.isPending) return <Loading />;
  if (feeds.isError) return <ErrorBox />;
  const caption = kind === 'fires' ? 'fireFeeds.caption' : 'fireFeeds.perimeters.caption';
  // On a phone the table scrolls in its own box, not the page (docs/spec/data-entry.md: 390 px).
  return (
    <TableScroll label={intl.formatMessage({ id: caption })}>
      <table className="data-table fire-feeds-table">
        <caption>
          <FormattedMessage id={caption} />
        </caption>
        <thead>
          <tr>
            {COLUMNS[kind].map((c) => (
              <th key={c} scope="col">
                <FormattedMessage id={`fireFeeds.col.${c}`} />
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">
                <FormattedMessage id="fireFeeds.col.actions" />
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {AGENCIES.map((a) => (
            <FeedRow
              key={a.code}
              kind={kind}
              agency={a.code}
              name={a.name[lang]}
              feed={feeds.data.items.find((f) => f.agency_code === a.code)}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * The national centre's agency feeds: fire files, and perimeter files (docs/perimeters.md, "A
 * scheduled feed"), each kind in its own table with the same fields; the API lets only the
 * national centre read or change them, and so does the route.
 */
export function FireFeedsPage() {
  const { locale } = useIntl();
  const lang = locale.startsWith('fr') ? 'fr' : 'en';
  return (
    <div className="fire-feeds">
      <PageHeader titleId="fireFeeds.title" />
      <p>
        <FormattedMessage id="fireFeeds.intro" />
      </p>
      <FeedsTable kind="fires" lang={lang} />
      <h2>
        <FormattedMessage id="fireFeeds.perimeters.heading" />
      </h2>
      <p>
        <FormattedMessage id="fireFeeds.perimeters.intro" />
      </p>
      <FeedsTable kind="perimeters" lang={lang} />
    </div>
  );
}

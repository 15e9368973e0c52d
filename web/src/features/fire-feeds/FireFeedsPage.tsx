import type { FeedStatus } from '@ciffc/contracts';
import { AGENCIES } from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { serverText } from '../../shared/editing/server-text.ts';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { feedsQuery, runFeed, saveFeed } from './api.ts';

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

/** One agency's row: its URL, interval, switches, saved together. */
function FeedRow({ agency, name, feed }: { agency: string; name: string; feed: FeedStatus | undefined }) {
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
      await queryClient.invalidateQueries({ queryKey: ['fire-feeds'] });
    } catch (e) {
      setError(serverText(e, intl));
    } finally {
      setBusy(false);
    }
  };
  const label = (id: string) => `${intl.formatMessage({ id })} – ${name}`;
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
      <td>
        <FeedStatusText feed={feed} />
      </td>
      <td>
        <button
          type="button"
          disabled={busy || !url}
          onClick={() =>
            void act(() =>
              saveFeed(agency, {
                url,
                interval_minutes: Number(interval),
                enabled,
                snapshot: SNAPSHOT_VALUES[snapshot],
              }),
            )
          }
        >
          <FormattedMessage id="fireFeeds.save" />
        </button>{' '}
        {feed && (
          <button type="button" disabled={busy} onClick={() => void act(() => runFeed(agency))}>
            <FormattedMessage id="fireFeeds.run" />
          </button>
        )}
      </td>
    </tr>
  );
}

export function FireFeedsPage() {
  const { locale } = useIntl();
  const lang = locale.startsWith('fr') ? 'fr' : 'en';
  const feeds = useQuery(feedsQuery());
  return (
    <div className="fire-feeds">
      <PageHeader titleId="fireFeeds.title" />
      <p>
        <FormattedMessage id="fireFeeds.intro" />
      </p>
      {feeds.isPending ? (
        <Loading />
      ) : feeds.isError ? (
        <ErrorBox />
      ) : (
        <table>
          <caption>
            <FormattedMessage id="fireFeeds.caption" />
          </caption>
          <thead>
            <tr>
              {['agency', 'url', 'interval', 'enabled', 'snapshot', 'status'].map((c) => (
                <th key={c} scope="col">
                  <FormattedMessage id={`fireFeeds.col.${c}`} />
                </th>
              ))}
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {AGENCIES.map((a) => (
              <FeedRow
                key={a.code}
                agency={a.code}
                name={a.name[lang]}
                feed={feeds.data.items.find((f) => f.agency_code === a.code)}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

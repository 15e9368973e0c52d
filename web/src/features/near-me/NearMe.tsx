import { nearOfPoint } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/http.ts';
import { useAddressParams } from '../../shared/hooks/useAddressParams.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { nearFeedAddress, nearFiresQuery, type Place } from './api.ts';
import { NearFiresList } from './NearFiresList.tsx';
import { PlaceSearch } from './PlaceSearch.tsx';
import { useMyLocation } from './useMyLocation.ts';
import './near-me.css';

/** Where the map should look: the place and the radius the list counts. */
interface NearFocus {
  longitude: number;
  latitude: number;
  radiusKm: number;
  label: string;
}

/**
 * "Fires near me" (docs/decisions.md, "Fires near me"): a community search and a "My location"
 * button; the place goes into the address (`?near=`, a place id or "latitude,longitude"), so
 * the view can be shared and comes back on reload; the list gives the nearest active fires, and
 * the area's Atom feed is offered beside it.
 */
export function NearMe({ onFocus }: { onFocus?: ((focus: NearFocus | undefined) => void) | undefined }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const id = useId();
  const [params, update] = useAddressParams();
  const near = params.get('near') ?? '';
  const answer = useQuery({ ...nearFiresQuery(near, locale), enabled: near !== '' });

  const goTo = useCallback(
    (value: string | undefined) =>
      update((next) => {
        if (value) next.set('near', value);
        else next.delete('near');
      }),
    [update],
  );
  const location = useMyLocation(useCallback((lat, lon) => goTo(nearOfPoint(lat, lon)), [goTo]));
  const origin = answer.data?.origin;
  const place = origin
    ? origin.place
      ? intl.formatMessage(
          { id: 'nearMe.place' },
          { name: origin.place.name, province: origin.place.province_name },
        )
      : intl.formatMessage({ id: 'nearMe.myLocation' })
    : undefined;

  useEffect(() => {
    if (!near) onFocus?.(undefined);
    else if (origin && answer.data && place)
      onFocus?.({
        longitude: origin.longitude,
        latitude: origin.latitude,
        radiusKm: answer.data.radius_km,
        label: origin.place?.name ?? place,
      });
  }, [near, origin, answer.data, place, onFocus]);

  const feed = near ? nearFeedAddress(near, locale) : undefined;
  const refused = answer.error instanceof ApiError && answer.error.status === 400;

  return (
    <section className="near-me" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <FormattedMessage id="nearMe.heading" />
      </h2>
      <p className="near-me-intro">
        <FormattedMessage id="nearMe.intro" />
      </p>
      <div className="near-me-controls">
        <PlaceSearch onChoose={(p: Place) => goTo(p.id)} />
        <button
          type="button"
          className="near-me-locate"
          onClick={location.locate}
          disabled={location.state === 'finding'}
        >
          <FormattedMessage id="nearMe.location" />
        </button>
      </div>
      <p className="near-me-location-status" role="status">
        {location.state === 'idle' ? null : <FormattedMessage id={`nearMe.location.${location.state}`} />}
      </p>
      {near ? (
        <div className="near-me-results" aria-live="polite" aria-busy={answer.isFetching}>
          {answer.isError ? (
            <p role="alert">
              <FormattedMessage id={refused ? 'nearMe.unknownPlace' : 'nearMe.error'} />
            </p>
          ) : answer.data && place ? (
            <>
              <p className="near-me-summary">
                <span>
                  <FormattedMessage
                    id="nearMe.summary"
                    values={{ total: answer.data.total, radius: answer.data.radius_km, place }}
                  />
                </span>{' '}
                {answer.data.total > answer.data.items.length ? (
                  <FormattedMessage id="nearMe.shownNearest" values={{ shown: answer.data.items.length }} />
                ) : null}
                <button type="button" className="near-me-clear" onClick={() => goTo(undefined)}>
                  <FormattedMessage id="nearMe.clear" />
                </button>
              </p>
              {answer.data.items.length > 0 ? <NearFiresList fires={answer.data.items} /> : null}
              {feed ? (
                <p className="near-me-feed">
                  {/* React places this in the document's head: feed readers find the area's feed there. */}
                  <link
                    rel="alternate"
                    type="application/atom+xml"
                    href={feed}
                    title={intl.formatMessage({ id: 'nearMe.feed' }, { radius: answer.data.radius_km })}
                  />
                  <a href={feed} type="application/atom+xml">
                    <FormattedMessage id="nearMe.feed" values={{ radius: answer.data.radius_km }} />
                  </a>
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
      <p className="near-me-attribution">
        <FormattedMessage id="nearMe.search.attribution" />
      </p>
    </section>
  );
}

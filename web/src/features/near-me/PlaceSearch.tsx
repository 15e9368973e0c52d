import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { PLACE_SEARCH_MIN, type Place, placesQuery } from './api.ts';

/**
 * The community search: an ARIA combobox with a list popup (WAI-ARIA Authoring Practices,
 * "Combobox with listbox popup"). Focus stays in the text box; the arrow keys move the active
 * option (`aria-activedescendant`), Enter chooses it (the first one when none is active), Escape
 * closes the list, then clears the text. The count of matches is said politely.
 */
export function PlaceSearch({ onChoose }: { onChoose: (place: Place) => void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = text.trim();
  const places = useQuery(placesQuery(query, locale));
  const searching = query.length >= PLACE_SEARCH_MIN;
  const items = searching ? (places.data?.items ?? []) : [];
  const expanded = open && items.length > 0;
  const label = (p: Place) =>
    intl.formatMessage({ id: 'nearMe.search.option' }, { name: p.name, province: p.province_name });

  const choose = (place: Place) => {
    setText(label(place));
    setOpen(false);
    setActive(-1);
    onChoose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) =>
        expanded ? (a + step + items.length) % items.length : step === 1 ? 0 : items.length - 1,
      );
    } else if (event.key === 'Enter') {
      const place = expanded ? items[Math.max(active, 0)] : undefined;
      if (place) {
        event.preventDefault();
        choose(place);
      }
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  return (
    <div className="near-me-search">
      <label htmlFor={`${id}-input`}>
        <FormattedMessage id="nearMe.search.label" />
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        placeholder={intl.formatMessage({ id: 'nearMe.search.placeholder' })}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={`${id}-list`}
        role="listbox"
        className="near-me-options"
        hidden={!expanded}
        aria-label={intl.formatMessage({ id: 'nearMe.search.label' })}
      >
        {items.map((place, i) => (
          <div
            key={place.id}
            id={`${id}-option-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            // Chosen on mouse down, before the text box's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(place);
            }}
          >
            {place.name}, <span className="near-me-province">{place.province_name}</span>
          </div>
        ))}
      </div>
      <p id={`${id}-hint`} className="near-me-hint">
        <FormattedMessage id="nearMe.search.hint" />
      </p>
      <p className="visually-hidden" role="status">
        {open && searching && places.data ? (
          <FormattedMessage id="nearMe.search.results" values={{ count: items.length }} />
        ) : null}
      </p>
    </div>
  );
}

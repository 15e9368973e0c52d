import { WILDFIRES_SEARCH_MAX } from '@ciffc/contracts';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/** Search by fire id: applied on Enter or the button, so each keystroke is not a request. */
export function FireIdSearch({
  value,
  onSearch,
}: {
  value: string | undefined;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <div className="field national-fires-search">
      <label htmlFor={id}>
        <FormattedMessage id="nationalFires.search" />
      </label>
      <div className="national-fires-search-row">
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          maxLength={WILDFIRES_SEARCH_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSearch(text);
            }
          }}
        />
        <button type="button" className="button" onClick={() => onSearch(text)}>
          <FormattedMessage id="nationalFires.searchButton" />
        </button>
      </div>
    </div>
  );
}

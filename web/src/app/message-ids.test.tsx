import { render, screen } from '@testing-library/react';
import { createIntl, defineMessages, FormattedMessage, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { codeText, type IdsUnder } from '../shared/i18n/message-id.ts';
import { catalogue } from './messages.ts';

// The `@ts-expect-error` lines are the test: the type-check (scripts/typecheck.ts, web) fails on an
// unused one, so without the global declaration of message-ids.d.ts these lines fail it.
const intl = createIntl({ locale: 'en', messages: catalogue.en, onError: () => {} });

describe("react-intl's message ids", () => {
  it('take only ids of the catalogue in formatMessage, FormattedMessage and defineMessages', () => {
    expect(intl.formatMessage({ id: 'shell.menu' })).toBe('Menu');
    // @ts-expect-error: an id the catalogue does not have
    expect(intl.formatMessage({ id: 'shell.menuu' })).toBe('shell.menuu');

    render(
      <IntlProvider locale="en" messages={catalogue.en} onError={() => {}}>
        <p>
          <FormattedMessage id="shell.home" />
        </p>
        <p>
          {/* @ts-expect-error: an id the catalogue does not have */}
          <FormattedMessage id="shell.homme" />
        </p>
      </IntlProvider>,
    );
    expect(screen.getByText('CIFFC home page')).toBeTruthy();

    // @ts-expect-error: an id the catalogue does not have
    defineMessages({ typo: { id: 'shell.skipToContnt' } });
  });

  it('are built from data only through the catalogue: a family by its codes, a wire code by lookup', () => {
    const stage: IdsUnder<'dashboard.stage.'> = 'OUT';
    expect(intl.formatMessage({ id: `dashboard.stage.${stage}` })).toBe('Out');
    // @ts-expect-error: no stage of that code in the catalogue
    const unknown: IdsUnder<'dashboard.stage.'> = 'XX';
    expect(unknown).toBe('XX');

    // A code read from the wire: its words, or the code itself when the catalogue has none.
    expect(codeText(intl, 'dashboard.stage.', 'BH')).toBe('Being Held');
    expect(codeText(intl, 'dashboard.stage.', 'NEW')).toBe('NEW');
    // @ts-expect-error: no id of the catalogue starts with this prefix
    codeText(intl, 'dashboard.stag.', 'BH');
  });
});

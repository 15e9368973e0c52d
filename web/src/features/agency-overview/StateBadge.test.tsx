import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { StateBadge } from './StateBadge.tsx';

it('shows "by agency" and the SVG lock only for a report claimed by someone else', async () => {
  const { container, unmount } = renderWithProviders(<StateBadge view={{ state: 'E' }} />);
  expect((await screen.findByText(/Being Edited/)).textContent).toBe('Being Edited');
  expect(container.querySelector('svg.lock-icon')).toBeNull();
  expect(container.textContent).not.toMatch(/🔒/u);
  unmount();

  const claimed = renderWithProviders(<StateBadge view={{ state: 'E', byYou: false }} />);
  expect((await screen.findByText(/Being Edited/)).textContent).toBe('Being Edited by agency');
  expect(claimed.container.querySelector('svg.lock-icon')).not.toBeNull();
  claimed.unmount();

  const mine = renderWithProviders(<StateBadge view={{ state: 'E', byYou: true }} />);
  expect((await screen.findByText(/Being Edited/)).textContent).toBe('Being Edited by you');
  expect(mine.container.querySelector('svg.lock-icon')).toBeNull();
});

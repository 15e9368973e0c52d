import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { type StatCard, StatCards } from './StatCards.tsx';

const cards = (hectares: number): StatCard[] => [
  { labelId: 'dashboard.stats.ytdFires', value: 9_876 },
  { labelId: 'dashboard.stats.ytdHectares', value: hectares, unit: 'hectares' },
];

const cardOf = (label: string) => screen.getByText(label).closest('li') as HTMLElement;

describe('stat cards', () => {
  it('shows hectares with 1 decimal below 10,000 and counts as integers', () => {
    renderWithProviders(<StatCards cards={cards(1_234.56)} />);
    expect(cardOf('Hectares burned since January 1').querySelector('.stat-card-value')?.textContent).toBe(
      '1,234.6',
    );
    expect(cardOf('Fires since January 1').querySelector('.stat-card-value')?.textContent).toBe('9,876');
  });

  it('abbreviates hectares above 10,000 and gives a screen reader the full figure with its decimal', () => {
    renderWithProviders(<StatCards cards={cards(2_345_678.44)} />);
    const card = cardOf('Hectares burned since January 1');
    expect(within(card).getByText('2.3M').getAttribute('aria-hidden')).toBe('true');
    expect(within(card).getByText('2,345,678.4').className).toBe('visually-hidden');
  });

  it('uses the French formats', () => {
    renderWithProviders(<StatCards cards={cards(12_345.67)} />, { locale: 'fr' });
    const card = cardOf('Hectares brûlés depuis le 1er janvier');
    expect(within(card).getByText('12,3 K')).toBeTruthy();
    expect(within(card).getByText(/^12\s345,7$/)).toBeTruthy();
  });
});

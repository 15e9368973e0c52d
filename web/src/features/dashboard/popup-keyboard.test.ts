import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { popupKeyboard } from './popup-keyboard.ts';

/** MapLibre's popup as it puts it in the map's container: the content, then the close button. */
function mapWithPopup() {
  const container = document.createElement('div');
  container.innerHTML = `
    <canvas tabindex="0" aria-label="Map"></canvas>
    <div class="maplibregl-popup">
      <div class="maplibregl-popup-tip"></div>
      <div class="maplibregl-popup-content">
        <button type="button">Captures over time</button>
        <button class="maplibregl-popup-close-button" type="button" aria-label="Close the fire details">×</button>
      </div>
    </div>`;
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a map popup from the keyboard', () => {
  it('names and focuses the close button, and Escape anywhere in the popup closes it', async () => {
    const container = mapWithPopup();
    const onClose = vi.fn();
    const undo = popupKeyboard(container, { closeLabel: 'Close the perimeter details', onClose });
    const user = userEvent.setup();
    const close = container.querySelector('.maplibregl-popup-close-button');
    expect(close?.getAttribute('aria-label')).toBe('Close the perimeter details');
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    // From the popup's content too (its captures' toggle).
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement?.textContent).toBe('Captures over time');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    // Another key, or Escape outside the popup (the map's canvas), does not close it.
    await user.keyboard('{Enter}');
    container.querySelector('canvas')?.focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    // Once the popup is closed, nothing is left listening.
    undo();
    (close as HTMLElement).focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

/**
 * The keyboard side of a map popup opened in `container` (MapLibre's popup element, its content and
 * its close button): the close button gets its own name (a perimeter's popup is not a fire's) and
 * the focus, and Escape pressed anywhere inside the popup closes it. Returns the undo.
 */
export function popupKeyboard(
  container: HTMLElement,
  { closeLabel, onClose }: { closeLabel: string; onClose: () => void },
): () => void {
  const close = container.querySelector<HTMLButtonElement>(
    '.maplibregl-popup .maplibregl-popup-close-button',
  );
  if (close) {
    close.setAttribute('aria-label', closeLabel);
    close.focus();
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !(event.target instanceof Element)) return;
    if (!event.target.closest('.maplibregl-popup')) return;
    event.preventDefault();
    onClose();
  };
  container.addEventListener('keydown', onKeyDown);
  return () => container.removeEventListener('keydown', onKeyDown);
}

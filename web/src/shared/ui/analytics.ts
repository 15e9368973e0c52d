declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The configured analytics id (VITE_ANALYTICS_ID at build time), if any. */
const ANALYTICS_ID: string | undefined = import.meta.env.VITE_ANALYTICS_ID || undefined;

let loaded = false;

/**
 * gtag-style: events are pushed on `window.dataLayer`; the tag script that ships them is added once,
 * and only in a production build with an id, so tests and development make no network call.
 */
function gtag(...args: unknown[]) {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(args);
}

function ensureLoaded(id: string) {
  if (loaded) return;
  loaded = true;
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false });
  if (import.meta.env.PROD) {
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  }
}

/** Sends a `page_view` event when an analytics id exists; does nothing otherwise. */
export function sendPageView(
  page: { title: string; path: string },
  id: string | undefined = ANALYTICS_ID,
): boolean {
  if (!id) return false;
  ensureLoaded(id);
  gtag('event', 'page_view', {
    send_to: id,
    page_title: page.title,
    page_path: page.path,
    page_location: window.location.href,
  });
  return true;
}

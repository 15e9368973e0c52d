/*
 * Runs in <head> before the app shell of index.html is painted (phone LCP;
 * docs/performance.md). It puts on <html>:
 *  - lang: the first render's language, in the order of initialLocale in
 *    src/shared/i18n/locale.ts (a shared link's ?lang=, then the saved choice, then the browser's
 *    languages, then English), so the shell shows the right text of each pair;
 *  - data-shell: which part of the shell React's first commit will draw at this address: "home"
 *    (/ and /dashboard: top bar and the dashboard's heading), "embedded" (/map: nothing, it has no
 *    top bar) or "page" (any other route: the top bar only).
 * A plain script, as the site's Content-Security-Policy allows no inline one;
 * shell-language.test.ts checks it against initialLocale.
 */
(() => {
  const toLocale = (value) => {
    const short = value?.slice(0, 2).toLowerCase();
    return short === 'en' || short === 'fr' ? short : undefined;
  };
  const saved = () => {
    try {
      return toLocale(localStorage.getItem('ciffc.locale'));
    } catch {
      return undefined;
    }
  };
  const fromBrowser = () => (navigator.languages ?? []).map(toLocale).find(Boolean);
  const html = document.documentElement;
  html.lang = toLocale(new URLSearchParams(location.search).get('lang')) ?? saved() ?? fromBrowser() ?? 'en';
  const path = location.pathname;
  let part = 'page';
  if (/^\/(dashboard\/?)?$/.test(path)) part = 'home';
  else if (/^\/map\/?$/.test(path)) part = 'embedded';
  html.dataset.shell = part;
})();

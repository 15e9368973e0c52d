import { PRODUCT } from '@ciffc/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from './analytics.ts';

function documentTitle(title: string | undefined): string {
  return title ? `${PRODUCT} - ${title}` : PRODUCT;
}

/**
 * Every page calls this with its translated title: the document title becomes the product
 * abbreviation plus the page title, and one `page_view` is sent per visited location once the
 * title is known (a language switch retitles without a second page view).
 */
export function usePageTitle(title: string | undefined): void {
  const location = useLocation();
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    document.title = documentTitle(title);
    if (title && sentFor.current !== location.key) {
      sentFor.current = location.key;
      sendPageView({ title: document.title, path: location.pathname + location.search });
    }
  }, [title, location.key, location.pathname, location.search]);
}

import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LocaleProvider } from '../shared/i18n/LocaleProvider.tsx';
import type { Locale } from '../shared/i18n/locale.ts';
import { ToastProvider } from '../shared/ui/Toast.tsx';
import { catalogue } from './messages.ts';

export function Providers({
  queryClient,
  initialLocale,
  children,
}: {
  queryClient: QueryClient;
  initialLocale?: Locale;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider catalogue={catalogue} initialLocale={initialLocale}>
        <ToastProvider>{children}</ToastProvider>
      </LocaleProvider>
    </QueryClientProvider>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { BrowserRouter } from 'react-router';
import { installNavigationHold } from '../lib/navigation-hold';
import { AddressCatchUp } from './address-catch-up';
import { Providers } from './providers';
import { AppRoutes } from './routes';

// Before BrowserRouter adds its popstate listener (lib/navigation-hold.ts says why).
installNavigationHold();

/** Browser-history router at the site root (spec 2.1). */
export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <AddressCatchUp />
      </BrowserRouter>
    </Providers>
  );
}

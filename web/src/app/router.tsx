import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { NearMe } from '../features/near-me/NearMe.tsx';
import { FeatureRoute } from './FeatureRoute.tsx';
import { AgencyLayout, EmbeddedLayout, RootLayout, RouteError, RouteLoading } from './Layout.tsx';
import { legacyRedirectTarget } from './legacy-redirects.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RequireAccess } from './RequireAccess.tsx';
import { UploadsRedirect } from './UploadsRedirect.tsx';

/*
 * Every route of docs/spec/public-site.md section 2. Feature pages are lazy-loaded so the first download is
 * the shell only; a screen plugs in by exporting its page component from
 * web/src/features/<screen>/<Screen>Page.tsx and being named in one `lazy` below. The dashboard is
 * the exception: it is the home page most visitors land on, so it is part of the entry and `/`
 * renders in the first commit, with no second round trip for a route chunk (phone LCP;
 * docs/performance.md). Its map and charts stay lazy inside the page.
 */
const page = {
  firesSummary: async () => ({
    Component: (await import('../features/fires-summary/FiresSummaryPage.tsx')).FiresSummaryPage,
  }),
  nationalFires: async () => ({
    Component: (await import('../features/national-fires/NationalFiresPage.tsx')).NationalFiresPage,
  }),
  statistics: async () => ({
    Component: (await import('../features/statistics/StatisticsPage.tsx')).StatisticsPage,
  }),
  openData: async () => ({
    Component: (await import('../features/open-data/OpenDataPage.tsx')).OpenDataPage,
  }),
  situation: async () => ({
    Component: (await import('../features/situation/SituationPage.tsx')).SituationPage,
  }),
  situationArchive: async () => ({
    Component: (await import('../features/situation-archive/SituationArchivePage.tsx')).SituationArchivePage,
  }),
  publicContent: async () => ({
    Component: (await import('../features/content/ContentPage.tsx')).PublicContentPage,
  }),
  agencyContent: async () => ({
    Component: (await import('../features/content/ContentPage.tsx')).AgencyContentPage,
  }),
  login: async () => ({ Component: (await import('../features/login/LoginPage.tsx')).LoginPage }),
  forgotPassword: async () => ({
    Component: (await import('../features/login/ForgotPasswordPage.tsx')).ForgotPasswordPage,
  }),
  resetPassword: async () => ({
    Component: (await import('../features/login/ResetPasswordPage.tsx')).ResetPasswordPage,
  }),
  fireFeeds: async () => ({
    Component: (await import('../features/fire-feeds/FireFeedsPage.tsx')).FireFeedsPage,
  }),
  firesImport: async () => ({
    Component: (await import('../features/fires-import/FiresImportPage.tsx')).FiresImportPage,
  }),
  perimetersImport: async () => ({
    Component: (await import('../features/perimeters/PerimetersImportPage.tsx')).PerimetersImportPage,
  }),
  agencyOverview: async () => ({
    Component: (await import('../features/agency-overview/AgencyOverviewPage.tsx')).AgencyOverviewPage,
  }),
  agencySitrep: async () => ({
    Component: (await import('../features/agency-sitrep/AgencySitrepPage.tsx')).AgencySitrepPage,
  }),
  approvedSitrep: async () => ({
    Component: (await import('../features/agency-sitrep/AgencySitrepPage.tsx')).ApprovedSitrepPage,
  }),
  publishedSitrep: async () => ({
    Component: (await import('../features/agency-sitrep/AgencySitrepPage.tsx')).PublishedSitrepPage,
  }),
  nationalSitrep: async () => ({
    Component: (await import('../features/national-sitrep/NationalSitrepPage.tsx')).NationalSitrepPage,
  }),
  inventory: async () => ({
    Component: (await import('../features/inventory/InventoryPage.tsx')).InventoryPage,
  }),
  inventoryInput: async () => ({
    Component: (await import('../features/inventory-input/InventoryInputPage.tsx')).InventoryInputPage,
  }),
  reports: async () => ({ Component: (await import('../features/reports/ReportsPage.tsx')).ReportsPage }),
};

/**
 * The home page and /map with "Fires near me" above the map: the app joins the two features
 * (features do not import each other). Part of the entry like the dashboard: its form is there at
 * the first render, so nothing moves when it arrives.
 */
function HomePage() {
  return <DashboardPage nearMe={NearMe} />;
}
function EmbeddedHomePage() {
  return <DashboardPage embedded nearMe={NearMe} />;
}

/**
 * An address no page answers: a legacy one goes where it leads now, any other to /404. Legacy
 * paths are looked up here rather than made routes: their 89 patterns in the route table made each
 * of React Router's matches rank them all (2.7 ms against 0.1 ms a match, several a page load, at a
 * phone's 4x slower CPU most of the router's 120-170 ms at load).
 */
function UnknownAddress() {
  const { pathname } = useLocation();
  return <Navigate to={legacyRedirectTarget(pathname) ?? '/404'} replace />;
}

export const routes: RouteObject[] = [
  {
    path: '/map',
    element: <EmbeddedLayout />,
    HydrateFallback: RouteLoading,
    errorElement: <RouteError />,
    children: [{ index: true, Component: EmbeddedHomePage }],
  },
  { path: '/uploads/*', element: <UploadsRedirect /> },
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: RouteLoading,
    children: [
      {
        // Errors render inside the layout, so the header stays usable.
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomePage },
          { path: 'dashboard', Component: HomePage },
          { path: 'page', lazy: page.firesSummary },
          {
            path: 'summary',
            element: <FeatureRoute alias="national-summary" />,
            children: [{ index: true, lazy: page.firesSummary }],
          },
          { path: 'page/:pageAlias', lazy: page.publicContent },
          {
            path: 'situation/archive',
            element: <FeatureRoute alias="national-sitrep-archive" />,
            children: [{ index: true, lazy: page.situationArchive }],
          },
          { path: 'situation', lazy: page.situation },
          { path: 'data', lazy: page.openData },
          { path: 'situation/:date', lazy: page.situation },
          {
            path: 'national',
            element: <FeatureRoute alias="national-fires" />,
            children: [{ index: true, lazy: page.nationalFires }],
          },
          {
            path: 'statistics',
            element: <FeatureRoute alias="fire-statistics" />,
            children: [{ index: true, lazy: page.statistics }],
          },
          {
            path: 'login',
            element: <FeatureRoute alias="login" />,
            children: [{ index: true, lazy: page.login }],
          },
          // The way back in for a forgotten password: with the login page, or not at all.
          {
            path: 'forgot-password',
            element: <FeatureRoute alias="login" />,
            children: [{ index: true, lazy: page.forgotPassword }],
          },
          {
            path: 'reset-password',
            element: <FeatureRoute alias="login" />,
            children: [{ index: true, lazy: page.resetPassword }],
          },
          {
            path: 'agency',
            element: <AgencyLayout />,
            children: [
              {
                element: <RequireAccess rule="signed-in" />,
                children: [
                  { index: true, lazy: page.agencyOverview },
                  { path: 'page', lazy: page.agencyOverview },
                  { path: 'page/:pageAlias', lazy: page.agencyContent },
                ],
              },
              {
                path: 'sitrep',
                element: (
                  <FeatureRoute alias="sitrep-input-agency">
                    <RequireAccess rule="agency-or-national" />
                  </FeatureRoute>
                ),
                children: [
                  { index: true, lazy: page.agencySitrep },
                  { path: ':agencyParam', lazy: page.agencySitrep },
                  { path: ':agencyParam/approved', lazy: page.approvedSitrep },
                  { path: ':agencyParam/published', lazy: page.publishedSitrep },
                ],
              },
              {
                path: 'national',
                element: (
                  <FeatureRoute alias="sitrep-input-national">
                    <RequireAccess rule="national" />
                  </FeatureRoute>
                ),
                children: [{ index: true, lazy: page.nationalSitrep }],
              },
              {
                path: 'inventory',
                element: (
                  <FeatureRoute alias="inventory">
                    <RequireAccess rule="signed-in" />
                  </FeatureRoute>
                ),
                children: [{ index: true, lazy: page.inventory }],
              },
              {
                path: 'inventory/input',
                element: (
                  <FeatureRoute alias="inventory-input">
                    <RequireAccess rule="agency-user" />
                  </FeatureRoute>
                ),
                children: [{ index: true, lazy: page.inventoryInput }],
              },
              {
                path: 'fire-feeds',
                element: <RequireAccess rule="national" />,
                children: [{ index: true, lazy: page.fireFeeds }],
              },
              {
                path: 'fires-import',
                element: <RequireAccess rule="agency-or-national" />,
                children: [{ index: true, lazy: page.firesImport }],
              },
              {
                path: 'perimeters-import',
                element: <RequireAccess rule="agency-or-national" />,
                children: [{ index: true, lazy: page.perimetersImport }],
              },
              {
                path: 'reports-and-exports',
                element: (
                  <FeatureRoute alias="reports-and-exports">
                    <RequireAccess rule="national" />
                  </FeatureRoute>
                ),
                children: [{ index: true, lazy: page.reports }],
              },
              { path: '*', element: <Navigate to="/404" replace /> },
            ],
          },
          { path: '404', element: <NotFoundPage /> },
          { path: '*', element: <UnknownAddress /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

import { useState } from 'react';
import { createHashRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { permissions } from '../lib/permissions';
import { RequireAdmin, RequirePermission, requireAdminLoader, requirePermissionLoader } from './route-guards';
import { AppShell } from './shell/app-shell';

const laterRelease = async () => ({ Component: (await import('./later-release-page')).LaterReleasePage });

function later(path: string, title: string): RouteObject {
  return { path, handle: { title }, lazy: laterRelease };
}

/** Spec §2 routes. Every page is lazy; screens of later releases say so in one line. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    hydrateFallbackElement: <Spinner className="min-h-screen" />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        path: 'dashboard',
        handle: { title: 'Dashboard' },
        lazy: async () => ({
          Component: (await import('../features/dashboard/pages/dashboard-page')).DashboardPage,
        }),
      },
      {
        path: 'profile',
        handle: { title: 'Profile' },
        lazy: async () => ({
          Component: (await import('../features/profile/pages/profile-page')).ProfilePage,
        }),
      },
      {
        path: 'migrate',
        handle: { title: 'Migrate' },
        lazy: async () => ({
          Component: (await import('../features/migrate/pages/migrate-page')).MigratePage,
        }),
      },
      {
        path: 'network-diagnostics',
        handle: { title: 'Network Diagnostics' },
        lazy: async () => ({
          Component: (await import('../features/diagnostics/pages/network-diagnostics-page'))
            .NetworkDiagnosticsPage,
        }),
      },
      {
        path: 'api-test',
        handle: { title: 'API Test' },
        lazy: async () => ({
          Component: (await import('../features/diagnostics/pages/api-test-page')).ApiTestPage,
        }),
      },
      {
        path: 'company-details',
        handle: { title: 'Company Details' },
        lazy: async () => ({
          Component: (await import('../features/company-details/pages/company-details-page'))
            .CompanyDetailsPage,
        }),
      },
      {
        path: 'gold-silver-rates',
        handle: { title: 'Gold & Silver Daily Rates' },
        lazy: async () => ({
          Component: (await import('../features/rates/pages/gold-silver-rates-page')).GoldSilverRatesPage,
        }),
      },
      {
        element: <RequirePermission permission={permissions.pledgesHandle} />,
        loader: requirePermissionLoader(permissions.pledgesHandle),
        children: [
          later('pledge/create', 'Create Pledge'),
          later('pledge/edit/:pledgeId', 'Edit Pledge'),
          later('pledge/list', 'Pledge List'),
          later('pledges', 'Pledge List'),
          later('pledge/payment', 'Single Pledge Payment'),
          later('pledge/payment-new', 'Pledge Payment (New)'),
          later('pledge/multiple-payment', 'Multiple Pledge Payment'),
          later('pledge/multiple-payment-new', 'Multiple Pledge Payment (New)'),
          later('pledge/payment-list', 'Payment History'),
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        loader: requireAdminLoader,
        children: [
          {
            path: 'gold-silver-rates',
            handle: { title: 'Rate Management' },
            lazy: async () => ({
              Component: (await import('../features/rates/pages/rate-management-page')).RateManagementPage,
            }),
          },
          {
            path: 'users',
            handle: { title: 'User Management' },
            lazy: async () => ({
              Component: (await import('../features/users/pages/users-page')).UsersPage,
            }),
          },
          {
            path: 'accounts',
            handle: { title: 'Accounts Masters' },
            lazy: async () => ({
              Component: (await import('../features/accounts/pages/accounts-page')).AccountsPage,
            }),
          },
          {
            path: 'daybook',
            handle: { title: 'Daybook Entries' },
            lazy: async () => ({
              Component: (await import('../features/daybook/pages/daybook-page')).DaybookPage,
            }),
          },
          {
            path: 'reports/trial-balance',
            handle: { title: 'Trial Balance' },
            lazy: async () => ({
              Component: (await import('../features/reports/pages/trial-balance-page')).TrialBalancePage,
            }),
          },
          {
            path: 'reports/ledger',
            handle: { title: 'Account Ledger' },
            lazy: async () => ({
              Component: (await import('../features/reports/pages/ledger-page')).LedgerPage,
            }),
          },
          {
            path: 'reports/day-book',
            handle: { title: 'Day Book' },
            lazy: async () => ({
              Component: (await import('../features/reports/pages/day-book-page')).DayBookPage,
            }),
          },
          {
            path: 'customers',
            handle: { title: 'Customers' },
            lazy: async () => ({
              Component: (await import('../features/customers/pages/customers-page')).CustomersPage,
            }),
          },
          {
            path: 'banks',
            handle: { title: 'Banks' },
            lazy: async () => ({
              Component: (await import('../features/banks/pages/banks-page')).BanksPage,
            }),
          },
          {
            path: 'jewell-types',
            handle: { title: 'Jewell Types' },
            lazy: async () => ({
              Component: (await import('../features/jewel-types/pages/jewel-types-page')).JewelTypesPage,
            }),
          },
          {
            path: 'jewell-rates',
            handle: { title: 'Jewell Rates' },
            lazy: async () => ({
              Component: (await import('../features/jewel-rates/pages/jewel-rates-page')).JewelRatesPage,
            }),
          },
          {
            path: 'schemes',
            handle: { title: 'Schemes' },
            lazy: async () => ({
              Component: (await import('../features/schemes/pages/schemes-page')).SchemesPage,
            }),
          },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export function AppRouter() {
  // Created on mount (not at import) so each mount starts from the current hash.
  const [router] = useState(() => createHashRouter(appRoutes));
  return <RouterProvider router={router} />;
}

export default AppRouter;

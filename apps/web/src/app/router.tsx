import { type ComponentType, useState } from 'react';
import { createHashRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { permissions } from '@/lib/permissions';
import { RequireAdmin, RequirePermission, requireAdminLoader, requirePermissionLoader } from './route-guards';
import { type RouteAccess, type RouteId, routeTable } from './route-table';
import { AppShell } from './shell/app-shell';
import { RouteError } from './shell/route-error';

type PageLoader = () => Promise<{ Component: ComponentType }>;

// /pledges and /pledge/list are one screen (spec §2.3).
const pledgeListPage: PageLoader = async () => ({
  Component: (await import('./composed/pledge-list-route')).PledgeListRoute,
});

// /admin/customers and /customers are one screen (staff who handle pledges).
const customersPage: PageLoader = async () => ({
  Component: (await import('./composed/customers-route')).CustomersRoute,
});

// /pledge/payment and /pledge/payment-new are one screen.
const singlePaymentPage: PageLoader = async () => ({
  Component: (await import('@/features/payments/single/pages/single-payment-page')).SinglePaymentPage,
});

/**
 * The page of each route of route-table.ts, every one lazy, so a screen loads only its own code. A Record
 * over every id: a route added to the table without a page here (or the reverse) does not compile.
 */
const pages: Record<RouteId, PageLoader> = {
  dashboard: async () => ({
    Component: (await import('./composed/dashboard-route')).DashboardRoute,
  }),
  profile: async () => ({ Component: (await import('@/features/profile/pages/profile-page')).ProfilePage }),
  migrate: async () => ({ Component: (await import('@/features/legacy/pages/migrate-page')).MigratePage }),
  networkDiagnostics: async () => ({
    Component: (await import('@/features/diagnostics/pages/network-diagnostics-page')).NetworkDiagnosticsPage,
  }),
  apiTest: async () => ({
    Component: (await import('@/features/diagnostics/pages/api-test-page')).ApiTestPage,
  }),
  companyDetails: async () => ({
    Component: (await import('./composed/company-details-route')).CompanyDetailsRoute,
  }),
  compliance: async () => ({
    Component: (await import('@/features/compliance/pages/compliance-page')).CompliancePage,
  }),
  audit: async () => ({
    Component: (await import('@/features/audit/pages/audit-trail-page')).AuditTrailPage,
  }),
  goldSilverRates: async () => ({
    Component: (await import('@/features/rates/pages/gold-silver-rates-page')).GoldSilverRatesPage,
  }),
  pledgeCreate: async () => ({
    Component: (await import('@/features/pledges/form/pages/create-pledge-page')).CreatePledgePage,
  }),
  pledgeEdit: async () => ({
    Component: (await import('@/features/pledges/form/pages/edit-pledge-page')).EditPledgePage,
  }),
  pledgeRenew: async () => ({
    Component: (await import('@/features/pledges/renewal/pages/renew-pledge-page')).RenewPledgePage,
  }),
  pledgeList: pledgeListPage,
  pledges: pledgeListPage,
  pledgeTicket: async () => ({
    Component: (await import('@/features/pledges/ticket/pages/pawn-ticket-page')).PawnTicketPage,
  }),
  pledgePayment: singlePaymentPage,
  pledgePaymentNew: singlePaymentPage,
  pledgeMultiplePayment: async () => ({
    Component: (await import('@/features/payments/multiple/pages/multiple-pledge-single-payment-page'))
      .MultiplePledgeSinglePaymentPage,
  }),
  pledgeMultiplePaymentNew: async () => ({
    Component: (await import('@/features/payments/multiple/pages/multiple-pledge-payment-page'))
      .MultiplePledgePaymentPage,
  }),
  pledgePaymentList: async () => ({
    Component: (await import('@/features/payments/history/pages/payment-history-page')).PaymentHistoryPage,
  }),
  pledgeReceipt: async () => ({
    Component: (await import('@/features/payments/receipt/pages/payment-receipt-page')).PaymentReceiptPage,
  }),
  notices: async () => ({
    Component: (await import('@/features/notices/pages/notices-page')).NoticesPage,
  }),
  noticePrint: async () => ({
    Component: (await import('@/features/notices/pages/notice-print-page')).NoticePrintPage,
  }),
  reminders: async () => ({
    Component: (await import('@/features/notices/pages/reminders-page')).RemindersPage,
  }),
  cashDrawer: async () => ({
    Component: (await import('@/features/branch-day/pages/cash-drawer-page')).CashDrawerPage,
  }),
  dayEnd: async () => ({
    Component: (await import('@/features/branch-day/pages/day-end-sheet-page')).DayEndSheetPage,
  }),
  dayClose: async () => ({
    Component: (await import('@/features/branch-day/pages/day-close-page')).DayClosePage,
  }),
  pledgeRelease: async () => ({
    Component: (await import('@/features/releases/pages/release-page')).ReleasePage,
  }),
  pledgeReleaseSlip: async () => ({
    Component: (await import('@/features/releases/pages/release-slip-page')).ReleaseSlipPage,
  }),
  pledgeAwaitingRelease: async () => ({
    Component: (await import('@/features/releases/pages/awaiting-release-page')).AwaitingReleasePage,
  }),
  registersPledgeBook: async () => ({
    Component: (await import('@/features/registers/pages/pledge-book-page')).PledgeBookPage,
  }),
  registersPledgeBookPrint: async () => ({
    Component: (await import('@/features/registers/pages/pledge-book-print-page')).PledgeBookPrintPage,
  }),
  registersVault: async () => ({
    Component: (await import('@/features/registers/pages/vault-register-page')).VaultRegisterPage,
  }),
  registersVaultPrint: async () => ({
    Component: (await import('@/features/registers/pages/vault-print-page')).VaultPrintPage,
  }),
  registersKyc: async () => ({
    Component: (await import('@/features/registers/pages/kyc-register-page')).KycRegisterPage,
  }),
  registersKycPrint: async () => ({
    Component: (await import('@/features/registers/pages/kyc-register-print-page')).KycRegisterPrintPage,
  }),
  atBanks: async () => ({
    Component: (await import('@/features/bank-repledges/pages/at-banks-page')).AtBanksPage,
  }),
  atBanksPrint: async () => ({
    Component: (await import('@/features/bank-repledges/pages/at-banks-print-page')).AtBanksPrintPage,
  }),
  overdueList: async () => ({
    Component: (await import('@/features/operations-reports/pages/overdue-page')).OverduePage,
  }),
  overdueListPrint: async () => ({
    Component: (await import('@/features/operations-reports/pages/overdue-page')).OverduePrintPage,
  }),
  collections: async () => ({
    Component: (await import('@/features/operations-reports/pages/collections-page')).CollectionsPage,
  }),
  collectionsPrint: async () => ({
    Component: (await import('@/features/operations-reports/pages/collections-page')).CollectionsPrintPage,
  }),
  disbursements: async () => ({
    Component: (await import('@/features/operations-reports/pages/disbursements-page')).DisbursementsPage,
  }),
  disbursementsPrint: async () => ({
    Component: (await import('@/features/operations-reports/pages/disbursements-page'))
      .DisbursementsPrintPage,
  }),
  rbiRatio: async () => ({
    Component: (await import('@/features/operations-reports/pages/rbi-ratio-page')).RbiRatioPage,
  }),
  rbiRatioPrint: async () => ({
    Component: (await import('@/features/operations-reports/pages/rbi-ratio-page')).RbiRatioPrintPage,
  }),
  rateManagement: async () => ({
    Component: (await import('@/features/rates/pages/rate-management-page')).RateManagementPage,
  }),
  users: async () => ({ Component: (await import('@/features/users/pages/users-page')).UsersPage }),
  accounts: async () => ({
    Component: (await import('@/features/accounts/pages/accounts-page')).AccountsPage,
  }),
  daybook: async () => ({ Component: (await import('@/features/daybook/pages/daybook-page')).DaybookPage }),
  trialBalance: async () => ({
    Component: (await import('@/features/reports/pages/trial-balance-page')).TrialBalancePage,
  }),
  ledger: async () => ({ Component: (await import('@/features/reports/pages/ledger-page')).LedgerPage }),
  dayBook: async () => ({ Component: (await import('@/features/reports/pages/day-book-page')).DayBookPage }),
  customers: customersPage,
  customersDesk: customersPage,
  banks: async () => ({ Component: (await import('@/features/banks/pages/banks-page')).BanksPage }),
  jewelTypes: async () => ({
    Component: (await import('@/features/jewel-types/pages/jewel-types-page')).JewelTypesPage,
  }),
  jewelRates: async () => ({
    Component: (await import('@/features/jewel-rates/pages/jewel-rates-page')).JewelRatesPage,
  }),
  schemes: async () => ({ Component: (await import('@/features/schemes/pages/schemes-page')).SchemesPage }),
  auctionLots: async () => ({
    Component: (await import('@/features/auctions/pages/auction-lots-page')).AuctionLotsPage,
  }),
  auctionLotNew: async () => ({
    Component: (await import('@/features/auctions/pages/new-lot-page')).NewLotPage,
  }),
  auctionLot: async () => ({
    Component: (await import('@/features/auctions/pages/auction-lot-page')).AuctionLotPage,
  }),
  auctionSurpluses: async () => ({
    Component: (await import('@/features/auctions/pages/surpluses-page')).SurplusesPage,
  }),
  auctionSurplusReceipt: async () => ({
    Component: (await import('@/features/auctions/pages/surplus-receipt-page')).SurplusReceiptPage,
  }),
  auctionShortfalls: async () => ({
    Component: (await import('@/features/auctions/pages/shortfalls-page')).ShortfallsPage,
  }),
  auctionShortfallReceipt: async () => ({
    Component: (await import('@/features/auctions/pages/shortfall-receipt-page')).ShortfallReceiptPage,
  }),
  saleBook: async () => ({
    Component: (await import('@/features/auctions/pages/sale-book-page')).SaleBookPage,
  }),
  saleBookPrint: async () => ({
    Component: (await import('@/features/auctions/pages/sale-book-print-page')).SaleBookPrintPage,
  }),
};

function routesFor(access: RouteAccess): RouteObject[] {
  return (Object.keys(routeTable) as RouteId[])
    .filter((id) => routeTable[id].access === access)
    .map((id) => ({ path: routeTable[id].path, handle: { title: routeTable[id].title }, lazy: pages[id] }));
}

/** Spec §2 routes. Every page is lazy; screens of later releases say so in one line. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    hydrateFallbackElement: <Spinner className="min-h-screen" />,
    children: [
      {
        // A page that throws (or whose code cannot be fetched) is replaced by RouteError inside the
        // shell, not the whole application.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          ...routesFor('signed-in'),
          {
            element: <RequirePermission permission={permissions.pledgesHandle} />,
            loader: requirePermissionLoader(permissions.pledgesHandle),
            children: routesFor('pledges'),
          },
          {
            element: <RequireAdmin />,
            loader: requireAdminLoader,
            children: [
              ...routesFor('admin'),
              { path: 'admin/*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export function AppRouter() {
  // Created on mount (not at import) so each mount starts from the current hash.
  const [router] = useState(() => createHashRouter(appRoutes));
  return <RouterProvider router={router} />;
}

export default AppRouter;

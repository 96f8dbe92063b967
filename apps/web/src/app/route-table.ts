/**
 * Spec §2 routes as plain data: the router (router.tsx) is built from this table, and the browser
 * tests (e2e/a11y.e2e.ts) import it to open every screen, so a new route is checked without anyone
 * listing it again. No imports here: the e2e project reads this file as it is.
 *
 * - `access`: who may open it. 'signed-in' is everyone with a company chosen; 'pledges' needs the
 *   pledges permission (docs/domain-rules.md §7); 'admin' is the admin role only.
 */
export type RouteAccess = 'signed-in' | 'pledges' | 'admin';

export interface RouteEntry {
  /** Full path without the leading slash; `:name` segments are parameters. */
  path: string;
  title: string;
  access: RouteAccess;
}

export const routeTable = {
  dashboard: { path: 'dashboard', title: 'Dashboard', access: 'signed-in' },
  profile: { path: 'profile', title: 'Profile', access: 'signed-in' },
  migrate: { path: 'migrate', title: 'Migrate', access: 'signed-in' },
  networkDiagnostics: { path: 'network-diagnostics', title: 'Network Diagnostics', access: 'signed-in' },
  apiTest: { path: 'api-test', title: 'API Test', access: 'signed-in' },
  companyDetails: { path: 'company-details', title: 'Company Details', access: 'signed-in' },
  // The branch's compliance settings and the audit trail, admins only.
  compliance: { path: 'compliance', title: 'Compliance', access: 'admin' },
  audit: { path: 'audit', title: 'Audit Trail', access: 'admin' },
  goldSilverRates: { path: 'gold-silver-rates', title: 'Gold & Silver Daily Rates', access: 'signed-in' },
  pledgeCreate: { path: 'pledge/create', title: 'Create Pledge', access: 'pledges' },
  pledgeEdit: { path: 'pledge/edit/:pledgeId', title: 'Edit Pledge', access: 'pledges' },
  pledgeList: { path: 'pledge/list', title: 'Pledge Management', access: 'pledges' },
  pledges: { path: 'pledges', title: 'Pledge Management', access: 'pledges' },
  pledgeTicket: { path: 'pledge/print/:pledgeId', title: 'Pawn Ticket', access: 'pledges' },
  pledgePayment: { path: 'pledge/payment', title: 'Single Pledge Payment', access: 'pledges' },
  pledgePaymentNew: {
    path: 'pledge/payment-new',
    title: 'Pledge Payment (New)',
    access: 'pledges',
  },
  pledgeMultiplePayment: {
    path: 'pledge/multiple-payment',
    title: 'Multiple Pledge Single Payment',
    access: 'pledges',
  },
  pledgeMultiplePaymentNew: {
    path: 'pledge/multiple-payment-new',
    title: 'Multiple Pledge Payment',
    access: 'pledges',
  },
  pledgePaymentList: {
    path: 'pledge/payment-list',
    title: 'Payment History',
    access: 'pledges',
  },
  pledgeReceipt: { path: 'pledge/receipt/:receiptId', title: 'Payment Receipt', access: 'pledges' },
  pledgeRenew: { path: 'pledge/renew/:pledgeId', title: 'Renew / Top-up', access: 'pledges' },
  pledgeRelease: { path: 'pledge/release/:pledgeId', title: 'Release Articles', access: 'pledges' },
  pledgeReleaseSlip: { path: 'pledge/release-slip/:pledgeId', title: 'Release Slip', access: 'pledges' },
  pledgeAwaitingRelease: { path: 'pledge/awaiting-release', title: 'Awaiting Release', access: 'pledges' },
  cashDrawer: { path: 'cash-drawer', title: 'Cash Drawer', access: 'pledges' },
  // Whoever handles pledges registers customers (docs/domain-rules.md §7: customer read and
  // create); the admins' Masters › Customers is the same screen, with Delete.
  customersDesk: { path: 'customers', title: 'Customers', access: 'pledges' },
  notices: { path: 'pledge/notices', title: 'Notices', access: 'pledges' },
  noticePrint: { path: 'pledge/notices/print/:batchId', title: 'Notices Print', access: 'pledges' },
  reminders: { path: 'pledge/reminders', title: 'Reminders', access: 'pledges' },
  dayEnd: { path: 'day-end/:date', title: 'Day-end Sheet', access: 'pledges' },
  dayClose: { path: 'day-close', title: 'Day Close', access: 'admin' },
  registersPledgeBook: { path: 'registers/pledge-book', title: 'Pledge Book', access: 'pledges' },
  registersPledgeBookPrint: {
    path: 'registers/pledge-book/print',
    title: 'Pledge Book Print',
    access: 'pledges',
  },
  registersVault: { path: 'registers/vault', title: 'Vault Register', access: 'pledges' },
  registersVaultPrint: { path: 'registers/vault/print', title: 'Vault Register Print', access: 'pledges' },
  // The customers whose KYC has a gap (issue 33), for whoever registers customers.
  registersKyc: { path: 'registers/kyc-incomplete', title: 'Incomplete KYC', access: 'pledges' },
  registersKycPrint: {
    path: 'registers/kyc-incomplete/print',
    title: 'Incomplete KYC Print',
    access: 'pledges',
  },
  overdueList: { path: 'registers/overdue', title: 'Overdue List', access: 'pledges' },
  atBanks: { path: 'registers/at-banks', title: 'At Banks', access: 'pledges' },
  atBanksPrint: { path: 'registers/at-banks/print', title: 'At Banks Print', access: 'pledges' },
  overdueListPrint: { path: 'registers/overdue/print', title: 'Overdue List', access: 'pledges' },
  collections: { path: 'registers/collections', title: 'Daily Collection', access: 'pledges' },
  collectionsPrint: { path: 'registers/collections/print', title: 'Daily Collection', access: 'pledges' },
  disbursements: { path: 'registers/disbursements', title: 'Loans Paid Out', access: 'pledges' },
  disbursementsPrint: { path: 'registers/disbursements/print', title: 'Loans Paid Out', access: 'pledges' },
  // The pledges whose outstanding passes their borrower's loan-to-value tier.
  rbiRatio: { path: 'registers/rbi-ratio', title: 'RBI Ratio Report', access: 'pledges' },
  rbiRatioPrint: { path: 'registers/rbi-ratio/print', title: 'RBI Ratio Report', access: 'pledges' },
  // The auction, its surpluses and shortfalls, and the sale book (Form G).
  auctionLots: { path: 'auctions', title: 'Auction Lots', access: 'pledges' },
  auctionLotNew: { path: 'auctions/new', title: 'New Auction Lot', access: 'pledges' },
  // The lot and the receipt take their record as ?id= (not a path parameter): opened bare (the route
  // walks), they ask for one instead of calling the API for a record that does not exist.
  auctionLot: { path: 'auctions/lot', title: 'Auction Lot', access: 'pledges' },
  auctionSurpluses: { path: 'auctions/surpluses', title: 'Auction Surpluses', access: 'pledges' },
  auctionSurplusReceipt: {
    path: 'auctions/surpluses/receipt',
    title: 'Auction Surplus Receipt',
    access: 'pledges',
  },
  auctionShortfalls: { path: 'auctions/shortfalls', title: 'Auction Shortfalls', access: 'pledges' },
  // The receipt of money collected on a shortfall (?id= the collection).
  auctionShortfallReceipt: {
    path: 'auctions/shortfalls/receipt',
    title: 'Auction Shortfall Receipt',
    access: 'pledges',
  },
  saleBook: { path: 'registers/sale-book', title: 'Sale Book', access: 'pledges' },
  saleBookPrint: { path: 'registers/sale-book/print', title: 'Sale Book Print', access: 'pledges' },
  rateManagement: { path: 'admin/gold-silver-rates', title: 'Rate Management', access: 'admin' },
  users: { path: 'admin/users', title: 'User Management', access: 'admin' },
  accounts: { path: 'admin/accounts', title: 'Accounts Masters', access: 'admin' },
  daybook: { path: 'admin/daybook', title: 'Daybook Entries', access: 'admin' },
  trialBalance: { path: 'admin/reports/trial-balance', title: 'Trial Balance', access: 'admin' },
  ledger: { path: 'admin/reports/ledger', title: 'Account Ledger', access: 'admin' },
  dayBook: { path: 'admin/reports/day-book', title: 'Day Book', access: 'admin' },
  customers: { path: 'admin/customers', title: 'Customers', access: 'admin' },
  banks: { path: 'admin/banks', title: 'Banks', access: 'admin' },
  jewelTypes: { path: 'admin/jewell-types', title: 'Jewel Types', access: 'admin' },
  jewelRates: { path: 'admin/jewell-rates', title: 'Jewel Rates', access: 'admin' },
  schemes: { path: 'admin/schemes', title: 'Schemes', access: 'admin' },
} as const satisfies Record<string, RouteEntry>;

export type RouteId = keyof typeof routeTable;

/** Where an admin (or anyone else) who opens a refused address lands, told why (`?denied=1`). */
export const deniedRedirect = '/dashboard?denied=1';

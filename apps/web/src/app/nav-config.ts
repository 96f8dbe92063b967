import type { IconName } from '@/components/ui/icons';

export interface NavLink {
  path: string;
  label: string;
  icon: IconName;
  /** Shown to admins only (a general link that only they may open). */
  adminOnly?: boolean;
  /** Hidden from admins, who reach the same screen under Masters (one link a screen in the sidebar). */
  staffOnly?: boolean;
}

export interface NavGroup {
  id: string;
  label: string;
  icon: IconName;
  /** The group opens when the current path starts with this (spec §2); undefined: when a child is active. */
  basePath?: string;
  links: NavLink[];
}

/** Spec §2 sidebar: general links for every signed-in user. */
export const generalLinks: NavLink[] = [
  { path: '/dashboard', label: 'Dashboard', icon: 'home' },
  // The morning rate is the first task of the day: the rates dashboard is one click away.
  { path: '/gold-silver-rates', label: 'Gold & Silver Rates', icon: 'trendUp' },
  { path: '/profile', label: 'Profile', icon: 'user' },
  { path: '/migrate', label: 'Migrate', icon: 'migrate' },
  { path: '/company-details', label: 'Company Details', icon: 'building' },
  // The branch's licence, limits and the RBI regime's numbers sit beside its details.
  { path: '/compliance', label: 'Compliance', icon: 'shield', adminOnly: true },
  { path: '/network-diagnostics', label: 'Network Diagnostics', icon: 'wifi' },
  { path: '/api-test', label: 'API Test', icon: 'plug' },
];

export const pledgeGroup: NavGroup = {
  id: 'pledges',
  label: 'Pledge Management',
  icon: 'coins',
  basePath: '/pledge',
  links: [
    { path: '/pledge/create', label: 'Create Pledge', icon: 'plus' },
    // The clerk registers a walk-in customer (admins: Masters › Customers).
    { path: '/customers', label: 'Customers', icon: 'users', staffOnly: true },
    { path: '/pledge/list', label: 'Pledge List', icon: 'book' },
    { path: '/pledge/payment', label: 'Single Pledge Payment', icon: 'wallet' },
    { path: '/pledge/multiple-payment', label: 'Multiple Pledge Payment', icon: 'wallet' },
    { path: '/pledge/multiple-payment-new', label: 'Multiple Pledge Payment (New)', icon: 'wallet' },
    { path: '/pledge/payment-list', label: 'Payment History', icon: 'calendar' },
    { path: '/pledge/awaiting-release', label: 'Awaiting Release', icon: 'gem' },
    { path: '/pledge/notices', label: 'Notices', icon: 'book' },
    { path: '/pledge/reminders', label: 'Reminders', icon: 'calendar' },
    // The counter's drawer sits with the pledge work that moves its cash.
    { path: '/cash-drawer', label: 'Cash Drawer', icon: 'wallet' },
  ],
};

/** The registers and reports of the branch's day, for whoever handles pledges. */
export const registersGroup: NavGroup = {
  id: 'registers',
  label: 'Registers',
  icon: 'book',
  basePath: '/registers',
  links: [
    { path: '/registers/pledge-book', label: 'Pledge Book', icon: 'book' },
    { path: '/registers/vault', label: 'Vault Register', icon: 'gem' },
    { path: '/registers/kyc-incomplete', label: 'Incomplete KYC', icon: 'users' },
    { path: '/registers/overdue', label: 'Overdue List', icon: 'calendar' },
    { path: '/registers/collections', label: 'Daily Collection', icon: 'wallet' },
    { path: '/registers/disbursements', label: 'Loans Paid Out', icon: 'coins' },
    { path: '/registers/rbi-ratio', label: 'RBI Ratio Report', icon: 'shield' },
    { path: '/registers/at-banks', label: 'At Banks', icon: 'building' },
    { path: '/registers/sale-book', label: 'Sale Book', icon: 'book' },
  ],
};

/** The auction of pledges whose notice period has passed, and what it leaves owed. */
export const auctionsGroup: NavGroup = {
  id: 'auctions',
  label: 'Auctions',
  icon: 'gem',
  basePath: '/auctions',
  links: [
    { path: '/auctions', label: 'Auction Lots', icon: 'gem' },
    { path: '/auctions/new', label: 'New Lot', icon: 'plus' },
    { path: '/auctions/surpluses', label: 'Surpluses', icon: 'wallet' },
    { path: '/auctions/shortfalls', label: 'Shortfalls', icon: 'coins' },
  ],
};

export const adminGroups: NavGroup[] = [
  {
    id: 'masters',
    label: 'Masters',
    icon: 'book',
    links: [
      { path: '/admin/accounts', label: 'Accounts Masters', icon: 'book' },
      { path: '/admin/daybook', label: 'Daybook Entries', icon: 'calendar' },
      { path: '/admin/banks', label: 'Banks', icon: 'building' },
      { path: '/admin/customers', label: 'Customers', icon: 'users' },
    ],
  },
  {
    id: 'jewellery',
    label: 'Jewellery Settings',
    icon: 'gem',
    links: [
      { path: '/admin/gold-silver-rates', label: 'Rate Management', icon: 'trendUp' },
      { path: '/admin/jewell-types', label: 'Jewel Types', icon: 'gem' },
      { path: '/admin/jewell-rates', label: 'Jewel Rates', icon: 'coins' },
      { path: '/admin/schemes', label: 'Schemes', icon: 'chart' },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    icon: 'chart',
    basePath: '/admin/reports',
    links: [
      { path: '/admin/reports/trial-balance', label: 'Trial Balance', icon: 'chart' },
      { path: '/admin/reports/ledger', label: 'Account Ledger', icon: 'book' },
      { path: '/admin/reports/day-book', label: 'Day Book', icon: 'calendar' },
      // Who changed what, beside the books it explains.
      { path: '/audit', label: 'Audit Trail', icon: 'search' },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    icon: 'shield',
    links: [
      { path: '/admin/users', label: 'User Management', icon: 'users' },
      { path: '/day-close', label: 'Day Close', icon: 'calendar' },
    ],
  },
];

/**
 * Spec §2: a link is highlighted when the path equals it or starts with it, Dashboard only on an exact
 * match. "Starts with" is taken per path segment, so Single Pledge Payment (/pledge/payment) is not lit
 * on Payment History (/pledge/payment-list). /pledges is the same screen as /pledge/list.
 */
export function isLinkActive(linkPath: string, currentPath: string): boolean {
  const path = currentPath === '/pledges' ? '/pledge/list' : currentPath;
  if (linkPath === '/dashboard') return path === '/dashboard';
  return path === linkPath || path.startsWith(`${linkPath}/`);
}

/** Spec §2: a group is expanded when the path starts with its base path (or one of its links is lit). */
export function isGroupActive(group: NavGroup, currentPath: string): boolean {
  if (group.basePath && currentPath.startsWith(group.basePath)) return true;
  return group.links.some((link) => isLinkActive(link.path, currentPath));
}

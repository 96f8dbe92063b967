import { screen } from '@testing-library/react';
import type { User } from '@/lib/session-types';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';

/** Murugan (P1001) in the legacy store, not yet migrated. */
export const murugan = {
  pno: 'P1001',
  name: 'முருகன்',
  address: '12, கீழ ரத வீதி, மதுரை',
  phoneno: '0452-2345678',
  mobile: '9842012345',
  cust_refno: 'R-17',
  name_original: '�Óà¸ý',
  address_original: '12, ¸£ú ÃÐ despite',
  migrated_customer_id: null,
};
/** Selvi (P1002), her phone already in her address. */
export const selvi = {
  pno: 'P1002',
  name: 'செல்வி',
  address: '4, பஜார் தெரு, Ph 0452 2233445',
  phoneno: '0452-2233445',
  mobile: '',
  cust_refno: '',
  name_original: '¦ºøÅ¢',
  address_original: '4, ...',
  migrated_customer_id: null,
};

export type Handlers = Parameters<typeof stubApi>[0];

/** Signs `user` in at the main branch, goes to Migrate and answers the given API calls (the test renders the app). */
export function openMigrate(handlers: Handlers, user: User = adminUser) {
  seedSession({ user, company: mainBranch });
  window.location.hash = '#/migrate';
  return stubApi({ 'GET /api/users/me': () => jsonResponse(user), ...handlers });
}

/** Finds a toast by its title. */
export function toast(title: string) {
  return screen.findByText(title, { selector: '[data-testid="toast"] *' });
}

import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: the auction is
 * counter work of the pledge area; writing a shortfall off needs an admin's approval (accounts.manage).
 */
export const access: Record<string, Access> = {
  'GET /api/auctions': 'pledges.handle',
  'GET /api/auctions/eligible': 'pledges.handle',
  'POST /api/auctions': 'pledges.handle',
  'GET /api/auctions/:id': 'pledges.handle',
  'POST /api/auctions/:id/withdraw': 'pledges.handle',
  'POST /api/auctions/:id/sales': 'pledges.handle',
  'GET /api/auction-surpluses': 'pledges.handle',
  'GET /api/auction-surpluses/:id': 'pledges.handle',
  'POST /api/auction-surpluses/:id/pay': 'pledges.handle',
  'POST /api/auction-surpluses/:id/deposit': 'pledges.handle',
  'GET /api/auction-shortfalls': 'pledges.handle',
  'GET /api/auction-shortfalls/:id': 'pledges.handle',
  'POST /api/auction-shortfalls/:id/collect': 'pledges.handle',
  'POST /api/auction-shortfalls/:id/write-off': 'accounts.manage',
  'GET /api/auction-shortfall-collections/:id': 'pledges.handle',
  'GET /api/registers/sale-book': 'pledges.handle',
};

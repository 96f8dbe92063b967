import { expect } from 'vitest';
import {
  type Actor,
  adminFor,
  designFor,
  freshCompany,
  type PledgeMade,
  pledgeFor,
} from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';
import { checkBooks } from '../books-check/books-check.repository.ts';

// Shared by the payment tests of this module (not a fixture: other modules use paymentFor).

/** A pledge of Rs. 1,00,000 (unless told) at 1.5 % a month (first month Rs. 1,500), 25 g net. */
export async function bigPledge(
  t: TestApp,
  pledgeDate: string,
  options: { companyId?: number; actor?: Actor; customerId?: number; loan?: number } = {},
): Promise<PledgeMade & { companyId: number }> {
  const companyId = options.companyId ?? (await freshCompany(t)).id;
  const actor = options.actor ?? (await adminFor(t, companyId));
  const design = await designFor(t, actor);
  const pledge = await pledgeFor(t, companyId, {
    actor,
    designId: design.id,
    ...(options.customerId !== undefined ? { customerId: options.customerId } : {}),
    body: {
      pledge_date: pledgeDate,
      total_loan_amount: options.loan ?? 100000,
      items: [{ jewell_design_id: design.id, gross_weight: 26, net_weight: 25 }],
    },
  });
  return { ...pledge, companyId };
}

/** Every company's books are clean (docs/domain-rules.md §6.4), as `npm run check:books` would say. */
export async function expectBooksClean(t: TestApp): Promise<void> {
  const books = await checkBooks(t.database.db);
  const failed = books.flatMap((c) =>
    c.checks.filter((k) => k.status !== 'ok').map((k) => `${c.company_name}: ${k.name}: ${k.detail}`),
  );
  expect(failed).toEqual([]);
}

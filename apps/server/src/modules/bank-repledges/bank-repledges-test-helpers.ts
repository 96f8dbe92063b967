import { SYSTEM_ACCOUNTS } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { voucherLines } from '../../test/books.ts';
import type { Actor } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';
import { checkBooks } from '../books-check/books-check.repository.ts';

// Shared by this module's tests: a bank of the company, the two steps through the API, and the books.

let accounts = 0;
/** A bank account of the actor's company (active unless told). */
export async function bankFor(t: TestApp, actor: Actor, overrides: object = {}): Promise<{ id: number }> {
  accounts += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bank-details/',
    headers: actor.headers(),
    payload: {
      bank_name: 'Indian Bank',
      account_holder_name: 'Sri Lakshmi Pawn Brokers',
      account_number: `${process.pid}${String(accounts).padStart(6, '0')}`,
      ifsc_code: 'IDIB000M012',
      branch_name: 'Madurai Main',
      account_type: 'Current',
      status: true,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`bank: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function moveToBank(t: TestApp, headers: Record<string, string>, pledgeId: number, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/pledges/${pledgeId}/move-to-bank`, headers, payload });
}

export function returnFromBank(
  t: TestApp,
  headers: Record<string, string>,
  pledgeId: number,
  payload: object,
) {
  return t.app.inject({ method: 'POST', url: `/api/pledges/${pledgeId}/return-from-bank`, headers, payload });
}

/** A voucher's lines as `Dr 1190 500.00` / `Cr 2200 500.00`, in line order. */
export async function postings(t: TestApp, companyId: number, voucherNumber: string): Promise<string[]> {
  return (await voucherLines(t, companyId, voucherNumber)).map(([code, debit, credit]) =>
    debit > 0 ? `Dr ${code} ${debit.toFixed(2)}` : `Cr ${code} ${credit.toFixed(2)}`,
  );
}

/** The voucher's type and source. */
export async function voucherOf(t: TestApp, companyId: number, voucherNumber: string) {
  const [row] = rowsOf<{
    voucher_type: string;
    source_kind: string;
    source_id: number | null;
    entry_date: string;
  }>(
    await t.database.db.execute(sql`
      select voucher_type, source_kind, source_id, entry_date::text as entry_date from vouchers
       where company_id = ${companyId} and voucher_number = ${voucherNumber}`),
  );
  return row;
}

/**
 * The company's 2200 balance (credit side, rupees) equals what is borrowed on articles still at a
 * bank, and the books check says so; answers the balance.
 */
export async function expectBorrowingsMatch(t: TestApp, companyId: number, expected: number): Promise<void> {
  const [row] = rowsOf<{ balance: string }>(
    await t.database.db.execute(sql`
      select coalesce(sum(l.credit - l.debit), 0)::text as balance
        from voucher_lines l
        join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
       where l.company_id = ${companyId} and a.is_system and a.account_code = ${SYSTEM_ACCOUNTS.BANK_BORROWINGS}`),
  );
  expect(Number(row?.balance)).toBe(expected);
  const [books] = await checkBooks(t.database.db, [companyId]);
  const failed = books!.checks.filter((c) => c.status !== 'ok').map((c) => `${c.name}: ${c.detail}`);
  expect(failed).toEqual([]);
  const line = books!.checks.find((c) => c.name.startsWith('Bank Borrowings (2200)'));
  expect(line?.status).toBe('ok');
}

/** The pledge's is_move_to_bank as stored. */
export async function flagOf(t: TestApp, companyId: number, pledgeId: number): Promise<boolean> {
  const [row] = rowsOf<{ flag: boolean }>(
    await t.database.db.execute(
      sql`select is_move_to_bank as flag from pledges where company_id = ${companyId} and id = ${pledgeId}`,
    ),
  );
  return row!.flag;
}

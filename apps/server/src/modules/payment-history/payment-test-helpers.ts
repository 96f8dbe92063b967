import { businessToday, pledgeBalanceSchema, rupeesToPaise } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { TestApp } from '../../test/test-app.ts';
import { checkBooks } from '../books-check/books-check.repository.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { balanceOf, storedPaymentsOf } from '../payments/pledge-balance.ts';
import { recordReceipt } from '../payments/receipt.service.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';

// Payments for the tests of this module with chosen amounts, single or multiple, made through
// recordReceipt (the core every payment goes through). The fixture `paymentFor` makes single payments
// through the service; these tests also need multiple receipts of chosen parts.

export interface PartSpec {
  pledgeId: number;
  interest?: number;
  principal?: number;
}

export interface PaySpec {
  companyId: number;
  userId: number;
  customerId: number;
  parts: PartSpec[];
  date?: string;
  method?: 'cash' | 'bank' | 'online' | 'cheque' | 'bank_transfer';
  bankReference?: string | null;
}

/** Records one receipt (single with one part, multiple with more); answers its ids. */
export async function payFor(t: TestApp, spec: PaySpec) {
  const date = spec.date ?? businessToday(t.config.businessTimeZone);
  return t.database.db.transaction(async (tx) => {
    const locked = await lockPledges(
      tx,
      spec.companyId,
      spec.parts.map((p) => p.pledgeId),
    );
    const stored = await loadStoredPayments(
      tx,
      spec.companyId,
      spec.parts.map((p) => p.pledgeId),
    );
    const parts = spec.parts.map((p) => {
      const pledge = locked.get(p.pledgeId);
      if (!pledge) throw new Error(`pledge ${p.pledgeId} not found`);
      const interestPaise = rupeesToPaise(p.interest ?? 0);
      const principalPaise = rupeesToPaise(p.principal ?? 0);
      const before = storedPaymentsOf(stored, p.pledgeId);
      const after = balanceOf(
        pledge,
        {
          ...before,
          parts: [...before.parts, { date, interestPaise, principalPaise }],
        },
        date,
      );
      const balanceAfterPaise = after.remainingPrincipalPaise + after.remainingInterestPaise;
      const closes = after.remainingPrincipalPaise === 0;
      return {
        pledge,
        paymentType: closes
          ? ('full_payment' as const)
          : principalPaise > 0
            ? ('partial_principal' as const)
            : ('interest' as const),
        interestPaise,
        principalPaise,
        penaltyPaise: 0,
        discountPaise: 0,
        balanceAfterPaise,
        closes,
      };
    });
    const method = spec.method ?? 'cash';
    return recordReceipt(tx, {
      companyId: spec.companyId,
      userId: spec.userId,
      customerId: spec.customerId,
      kind: parts.length > 1 ? 'multiple' : 'single',
      paymentDate: date,
      paymentMethod: method,
      bankReference: method === 'cash' ? null : (spec.bankReference ?? 'UTR-1'),
      parts,
    });
  });
}

/** GET /api/pledges/{id}/balance as the actor (pledgeBalanceSchema). */
export async function balanceView(t: TestApp, headers: Record<string, string>, pledgeId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/pledges/${pledgeId}/balance`, headers });
  if (res.statusCode !== 200) throw new Error(`balance: ${res.statusCode} ${res.body}`);
  return pledgeBalanceSchema.parse(res.json());
}

/**
 * The books of a company as docs/domain-rules.md §6.4 wants them: every voucher balances, and 1200 Pledge Loans
 * Receivable equals the remaining principal of the open pledges (the loan less the principal of the
 * payments that count).
 */
export async function booksOf(t: TestApp, companyId: number) {
  const db = t.database.db;
  const [unbalanced] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (
        select voucher_id from voucher_lines where company_id = ${companyId}
         group by voucher_id having sum(debit) <> sum(credit)) v`),
  );
  const [ledger] = rowsOf<{ balance: string }>(
    await db.execute(sql`
      select coalesce(sum(l.debit - l.credit), 0)::text as balance
        from voucher_lines l
        join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
       where l.company_id = ${companyId} and a.is_system and a.account_code = '1200'`),
  );
  const [open] = rowsOf<{ principal: string }>(
    await db.execute(sql`
      select coalesce(sum(p.total_loan_amount - coalesce((
               select sum(pp.principal_amount) from pledge_payments pp
                where pp.company_id = p.company_id and pp.pledge_id = p.id and pp.reversed_at is null), 0)), 0)::text
             as principal
        from pledges p
       where p.company_id = ${companyId} and p.closed_date is null`),
  );
  const failedChecks = (await checkBooks(db, [companyId])).flatMap((c) =>
    c.checks.filter((k) => k.status !== 'ok').map((k) => `${k.name}: ${k.detail}`),
  );
  return {
    failedChecks,
    unbalancedVouchers: unbalanced?.n ?? -1,
    loans1200: rupeesFromNumeric(ledger?.balance ?? '0'),
    openPrincipal: rupeesFromNumeric(open?.principal ?? '0'),
  };
}

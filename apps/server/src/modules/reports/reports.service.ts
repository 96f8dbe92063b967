import { financialYear, paiseToRupees, rupeesToPaise } from '@pledge-desk/domain';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { findChartAccount } from '../accounts/accounts.repository.ts';
import {
  accountMovementBefore,
  accountTotalsAsOf,
  dayBookLines,
  dayBookTotals,
  ledgerLines,
} from './reports.repository.ts';

/**
 * Sign convention of the reports: each account's balance is shown on its natural side, as a
 * positive number when it is there. Asset and expense accounts (a type naming an asset, expense or
 * expenditure) are debit accounts: balance = opening + debits − credits. Every other type (liability,
 * equity, capital, income) is a credit account: balance = opening + credits − debits. The chart's
 * opening balance is entered on that same natural side. Trial balance columns are plain debit and
 * credit columns.
 */
export function isDebitAccount(accountType: string): boolean {
  return /asset|expense|expenditure/i.test(accountType);
}

const paise = (numeric: string) => rupeesToPaise(numeric);
const rupees = (p: number) => paiseToRupees(p);

/** A natural-side balance in debit-positive terms (debit − credit). */
const debitPositive = (natural: number, debitSide: boolean) => (debitSide ? natural : -natural);

export interface TrialBalanceRow {
  account_id: number | null;
  account_code: string;
  account_name: string;
  account_type: string;
  balance_side: 'debit' | 'credit';
  opening_balance: number;
  debit: number;
  credit: number;
  closing_balance: number;
  closing_debit: number;
  closing_credit: number;
}

export const OPENING_DIFFERENCE_LABEL = 'Opening balance difference';

/**
 * Trial balance as of a date: per account its opening balance, debits and credits up to the date and
 * closing balance, the closing split into debit and credit columns. Posted vouchers always balance, so
 * the columns agree unless the opening balances of the chart do not net to zero; then an
 * 'Opening balance difference' line shows by how much, on the side that makes the columns agree.
 */
export async function trialBalance(db: DbOrTx, companyId: number, asOf: string) {
  const accounts = await accountTotalsAsOf(db, companyId, asOf);
  const rows: TrialBalanceRow[] = [];
  let openingNet = 0;
  const totals = { debit: 0, credit: 0, closing_debit: 0, closing_credit: 0 };
  for (const a of accounts) {
    const debitSide = isDebitAccount(a.type);
    const opening = paise(a.opening);
    const debit = paise(a.debit);
    const credit = paise(a.credit);
    if (opening === 0 && debit === 0 && credit === 0) continue;
    const closingNet = debitPositive(opening, debitSide) + debit - credit;
    openingNet += debitPositive(opening, debitSide);
    totals.debit += debit;
    totals.credit += credit;
    totals.closing_debit += Math.max(0, closingNet);
    totals.closing_credit += Math.max(0, -closingNet);
    rows.push({
      account_id: a.id,
      account_code: a.code,
      account_name: a.name,
      account_type: a.type,
      balance_side: debitSide ? 'debit' : 'credit',
      opening_balance: rupees(opening),
      debit: rupees(debit),
      credit: rupees(credit),
      closing_balance: rupees(debitSide ? closingNet : -closingNet),
      closing_debit: rupees(Math.max(0, closingNet)),
      closing_credit: rupees(Math.max(0, -closingNet)),
    });
  }
  if (openingNet !== 0) {
    // The difference sits on the side opposite to the excess, so the closing columns agree.
    totals.closing_debit += Math.max(0, -openingNet);
    totals.closing_credit += Math.max(0, openingNet);
    rows.push({
      account_id: null,
      account_code: '',
      account_name: OPENING_DIFFERENCE_LABEL,
      account_type: '',
      balance_side: openingNet > 0 ? 'credit' : 'debit',
      opening_balance: rupees(Math.abs(openingNet)),
      debit: 0,
      credit: 0,
      closing_balance: rupees(Math.abs(openingNet)),
      closing_debit: rupees(Math.max(0, -openingNet)),
      closing_credit: rupees(Math.max(0, openingNet)),
    });
  }
  return {
    as_of: asOf,
    rows,
    opening_balance_difference: rupees(openingNet),
    totals: {
      debit: rupees(totals.debit),
      credit: rupees(totals.credit),
      closing_debit: rupees(totals.closing_debit),
      closing_credit: rupees(totals.closing_credit),
    },
    balanced: totals.debit === totals.credit && totals.closing_debit === totals.closing_credit,
  };
}

/** The first day of the financial year holding a date: 2026-11-22 -> 2026-04-01. */
export function financialYearStart(date: string): string {
  return `${financialYear(date).slice(0, 4)}-04-01`;
}

/**
 * The ledger of one account from `from` to `to`: the balance brought forward (opening balance and
 * every line before `from`), each line with its running balance, and the closing balance.
 */
export async function accountLedger(db: Db, companyId: number, accountId: number, from: string, to: string) {
  const account = await findChartAccount(db, companyId, accountId);
  if (!account) throw AppError.notFound('Account');
  const debitSide = isDebitAccount(account.accountType);
  const natural = (debitMinusCredit: number) => (debitSide ? debitMinusCredit : -debitMinusCredit);
  const before = await accountMovementBefore(db, companyId, accountId, from);
  const broughtForward = paise(account.openingBalance) + natural(paise(before.debit) - paise(before.credit));
  const lines = await db.transaction((tx) => ledgerLines(tx, companyId, accountId, from, to));
  let debit = 0;
  let credit = 0;
  const entries = lines.map(
    ([entryDate, voucherId, voucherNumber, voucherType, narration, d, c, code, params]) => {
      debit += d;
      credit += c;
      return {
        entry_date: entryDate,
        entry_id: voucherId,
        voucher_number: voucherNumber,
        voucher_type: voucherType,
        narration,
        narration_code: code ?? null,
        narration_params: params ?? null,
        debit: rupees(d),
        credit: rupees(c),
        balance: rupees(broughtForward + natural(debit - credit)),
      };
    },
  );
  return {
    account: {
      account_id: account.id,
      account_code: account.accountCode,
      account_name: account.accountName,
      account_type: account.accountType,
      balance_side: debitSide ? ('debit' as const) : ('credit' as const),
    },
    from,
    to,
    brought_forward: rupees(broughtForward),
    lines: entries,
    totals: { debit: rupees(debit), credit: rupees(credit) },
    closing_balance: rupees(broughtForward + natural(debit - credit)),
  };
}

/** Every voucher dated in the range with its lines, and the count and total of each voucher type. */
export async function dayBook(db: DbOrTx, companyId: number, from: string, to: string) {
  const rows = await dayBookLines(db, companyId, from, to);
  const vouchers: {
    entry_id: number;
    entry_date: string;
    voucher_type: string;
    voucher_number: string;
    reference_number: string | null;
    narration: string;
    narration_code: string | null;
    narration_params: Record<string, string> | null;
    total_amount: number;
    source: string;
    lines: {
      account_code: string;
      account_name: string;
      debit: number;
      credit: number;
      narration: string | null;
    }[];
  }[] = [];
  let debit = 0;
  let credit = 0;
  for (const r of rows) {
    let v = vouchers.at(-1);
    if (v?.entry_id !== r.voucher_id) {
      v = {
        entry_id: r.voucher_id,
        entry_date: r.entry_date,
        voucher_type: r.voucher_type,
        voucher_number: r.voucher_number,
        reference_number: r.reference_number,
        narration: r.narration,
        narration_code: r.narration_code,
        narration_params: r.narration_params,
        total_amount: rupees(paise(r.total_amount)),
        source: r.source_kind,
        lines: [],
      };
      vouchers.push(v);
    }
    debit += paise(r.debit);
    credit += paise(r.credit);
    v.lines.push({
      account_code: r.account_code,
      account_name: r.account_name,
      debit: rupees(paise(r.debit)),
      credit: rupees(paise(r.credit)),
      narration: r.line_narration,
    });
  }
  const byType = await dayBookTotals(db, companyId, from, to);
  return {
    from,
    to,
    vouchers,
    totals_by_type: byType.map((t) => ({
      voucher_type: t.voucher_type,
      count: t.count,
      total_amount: rupees(paise(t.total)),
    })),
    totals: { count: vouchers.length, debit: rupees(debit), credit: rupees(credit) },
  };
}

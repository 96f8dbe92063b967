// The payment book the payments benchmark reads (bench/server/payments.ts): the pledge book of
// bench/server/pledges-data.ts (customers, masters, pledges, items and their Payment vouchers) and on
// top of it PAYMENTS_EACH payments of every pledge, each a single receipt with its payment row and its
// Receipt voucher (Dr 1000 cash, or 1190 bank clearing for another method; Cr 4000 interest; Cr 1200
// principal), receipt and voucher numbers per financial year, and the counters the services take the
// next numbers from. So every voucher balances and 1200 moves by the principal paid; only the payable pledges (active, not at the bank) are paid, and no payment closes
// its pledge (at most three principal parts of 1 % of the loan each), so the pledges stay payable.
//
// Made by SQL set operations (generate_series, insert … select) on the real schema, into a named
// database that is kept and reused: PostgreSQL `payment_bench_<size>` on BENCH_PG_URL, PGlite
// `<BENCH_DATA_DIR>/payment-bench-<size>`, built under a `_build` name and renamed when complete.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paiseToRupees, SYSTEM_ACCOUNTS } from '@pledge-desk/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/config.ts';
import { type DbOrTx, openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import {
  checkBooks,
  formatBooksReport,
} from '../../apps/server/src/modules/books-check/books-check.repository.ts';
import { loadStoredPayments } from '../../apps/server/src/modules/payments/payments.repository.ts';
import { balanceOf, storedPaymentsOf } from '../../apps/server/src/modules/payments/pledge-balance.ts';
import { lockPledges } from '../../apps/server/src/modules/pledges/pledges.repository.ts';
import {
  BOOK_END,
  fillPledgeBook,
  inBulk,
  pgAdmin,
  pgDatabaseExists,
  pgUrl,
  postgresReachable,
  type Step,
  sizeLabel,
  timed,
} from './pledges-data.ts';

/** Payments of each payable pledge (single receipts). */
export const PAYMENTS_EACH = 10;
/** Of the pledge book's pledges, this share is payable (active and not at the bank: 90 %). */
const PAYABLE_SHARE = 0.9;

export interface PaymentBook {
  database: Database;
  env: Record<string, string>;
  companyId: number;
  built: boolean;
  payments: number;
}

const exec = (db: DbOrTx, q: SQL) => db.execute(q);
const lit = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number: ${n}`);
  return sql.raw(String(n));
};
/** A pseudo-random non-negative int4 from a row number and a stream number, in SQL. */
const h = (g: SQL, k: number) => sql`(hashint8((${g})::bigint * 16 + ${k}) & 2147483647)`;

/** b.fy_n with at least `width` digits (lpad alone would cut a longer number). */
const pad = (width: number) =>
  sql.raw(`case when b.fy_n < ${10 ** width} then lpad(b.fy_n::text, ${width}, '0') else b.fy_n::text end`);

/** Adds `each` (PAYMENTS_EACH) payments to every payable pledge of the company (a filled pledge book). */
export async function fillPayments(
  db: DbOrTx,
  companyId: number,
  step: Step,
  each: number = PAYMENTS_EACH,
): Promise<void> {
  const [admin] = rowsOf<{ id: number }>(await exec(db, sql`select id from users where username = 'admin'`));
  const adminId = admin!.id;
  const account = async (code: string) =>
    rowsOf<{ id: number }>(
      await exec(
        db,
        sql`select id from chart_accounts where company_id = ${companyId} and account_code = ${code}`,
      ),
    )[0]!.id;
  const cash = await account(SYSTEM_ACCOUNTS.CASH);
  const bank = await account(SYSTEM_ACCOUNTS.BANK_CLEARING);
  const interest = await account(SYSTEM_ACCOUNTS.INTEREST_INCOME);
  const loans = await account(SYSTEM_ACCOUNTS.PLEDGE_LOANS);
  const [ids] = rowsOf<{ voucher0: number; receipt0: number; payment0: number }>(
    await exec(
      db,
      sql`select coalesce((select max(id) from vouchers), 0) as voucher0,
                 coalesce((select max(id) from payment_receipts), 0) as receipt0,
                 coalesce((select max(id) from pledge_payments), 0) as payment0`,
    ),
  );
  const voucher0 = Number(ids!.voucher0);
  const receipt0 = Number(ids!.receipt0);
  const payment0 = Number(ids!.payment0);

  await step(`plan of ${each} payments of every pledge`, async () => {
    await exec(db, sql`drop table if exists bench_pay`);
    // Payment k of a pledge is dated k/(K+1) of the way from the pledge date to the book's end; one in
    // three is interest and 1 % of the loan in principal (partial_principal), the others interest only
    // (a month's interest). Methods: 60 % cash, then bank, online and cheque with a reference.
    await exec(
      db,
      sql`create unlogged table bench_pay as
          select row_number() over (order by x.payment_date, x.pledge_id, x.k) as n, x.*,
                 row_number() over (partition by x.fy order by x.payment_date, x.pledge_id, x.k) as fy_n
            from (
              select p.id as pledge_id, p.customer_id, p.pledge_no, k, d.payment_date,
                     (extract(year from d.payment_date)::int - case when extract(month from d.payment_date) < 4 then 1 else 0 end)::text
                       || '-' || lpad(((extract(year from d.payment_date)::int - case when extract(month from d.payment_date) < 4 then 1 else 0 end + 1) % 100)::text, 2, '0')
                       as fy,
                     greatest(round(p.total_loan_amount * p.interest_rate / 100), 1) as interest,
                     case when k % 3 = 0 then greatest(round(p.total_loan_amount / 100), 1) else 0 end as principal,
                     p.total_loan_amount - greatest(round(p.total_loan_amount / 100), 1) * (k / 3) as balance,
                     case when ${h(sql`p.id * 16 + k`, 11)} % 100 < 60 then 'cash'
                          when ${h(sql`p.id * 16 + k`, 11)} % 100 < 75 then 'bank'
                          when ${h(sql`p.id * 16 + k`, 11)} % 100 < 90 then 'online' else 'cheque' end as method
                from pledges p
               cross join generate_series(1, ${lit(each)}) k
               cross join lateral (
                 select p.pledge_date + greatest(((${BOOK_END}::date - p.pledge_date) * k / ${lit(each + 1)}), 1)
                          as payment_date
               ) d
               where p.company_id = ${companyId} and p.status = 'active' and not p.is_move_to_bank
            ) x`,
    );
  });

  await step('Receipt vouchers and their lines', async () => {
    await inBulk(db, ['vouchers', 'voucher_lines'], async (tx) => {
      await exec(
        tx,
        sql`insert into vouchers (id, company_id, voucher_type, voucher_number, financial_year, running_number,
                                  entry_date, reference_number, narration, total_amount, source_kind, source_id,
                                  created_by, created_at, updated_at)
            select ${lit(voucher0)} + b.n, ${companyId}, 'Receipt',
                   'RCT/' || b.fy || '/' || ${pad(4)}, b.fy, b.fy_n, b.payment_date,
                   'R/' || b.fy || '/' || ${pad(6)},
                   'Receipt R/' || b.fy || '/' || ${pad(6)} || ': payment on pledge ' || b.pledge_no,
                   b.interest + b.principal, 'payment', ${lit(receipt0)} + b.n, ${adminId},
                   b.payment_date + time '11:00', b.payment_date + time '11:00'
              from bench_pay b`,
      );
      await exec(
        tx,
        sql`insert into voucher_lines (company_id, voucher_id, line_no, account_id, entry_date, debit, credit)
            select ${companyId}, ${lit(voucher0)} + b.n, j.line,
                   case j.line when 1 then (case when b.method = 'cash' then ${lit(cash)} else ${lit(bank)} end)
                          when 2 then ${lit(interest)} else ${lit(loans)} end,
                   b.payment_date,
                   case j.line when 1 then b.interest + b.principal else 0 end,
                   case j.line when 1 then 0 when 2 then b.interest else b.principal end
              from bench_pay b
             cross join generate_series(1, 3) j(line)
             where j.line < 3 or b.principal > 0
             order by b.n, j.line`,
      );
      await exec(
        tx,
        sql`select setval(pg_get_serial_sequence('vouchers', 'id'), (select max(id) from vouchers))`,
      );
    });
  });

  await step('receipts and payment rows', async () => {
    await inBulk(db, ['payment_receipts', 'pledge_payments'], async (tx) => {
      await exec(
        tx,
        sql`insert into payment_receipts (id, company_id, receipt_no, kind, customer_id, payment_date, payment_method,
                                          bank_reference, total_amount, net_amount, total_interest,
                                          total_principal, pledge_nos, voucher_id, receipt_prints,
                                          created_by, created_at, updated_at)
            select ${lit(receipt0)} + b.n, ${companyId}, 'R/' || b.fy || '/' || ${pad(6)}, 'single',
                   b.customer_id, b.payment_date, b.method,
                   case when b.method <> 'cash' then 'REF' || b.n end,
                   b.interest + b.principal, b.interest + b.principal, b.interest, b.principal,
                   array[b.pledge_no], ${lit(voucher0)} + b.n, 1, ${adminId},
                   b.payment_date + time '11:00', b.payment_date + time '11:00'
              from bench_pay b`,
      );
      await exec(
        tx,
        sql`insert into pledge_payments (id, company_id, receipt_id, pledge_id, payment_date, payment_method,
                                         payment_type, amount, interest_amount, principal_amount, balance_amount,
                                         created_by, created_at)
            select ${lit(payment0)} + b.n, ${companyId}, ${lit(receipt0)} + b.n, b.pledge_id, b.payment_date, b.method,
                   case when b.principal > 0 then 'partial_principal' else 'interest' end,
                   b.interest + b.principal, b.interest, b.principal, b.balance, ${adminId},
                   b.payment_date + time '11:00'
              from bench_pay b`,
      );
      await exec(
        tx,
        sql`select setval(pg_get_serial_sequence('payment_receipts', 'id'), (select max(id) from payment_receipts))`,
      );
      await exec(
        tx,
        sql`select setval(pg_get_serial_sequence('pledge_payments', 'id'), (select max(id) from pledge_payments))`,
      );
    });
    await exec(
      db,
      sql`insert into counters (company_id, name, period, value)
          select ${lit(companyId)}, 'receipt', fy, max(fy_n) from bench_pay group by fy
          union all
          select ${lit(companyId)}, 'voucher:RCT', fy, max(fy_n) from bench_pay group by fy
          on conflict (company_id, name, period) do update set value = excluded.value`,
    );
    await exec(db, sql`drop table bench_pay`);
  });
}

async function fillAndCheck(database: Database, pledges: number): Promise<number> {
  const open = await openDb(database);
  try {
    const companyId = await fillPledgeBook(open.db, { pledges, customers: Math.round(pledges / 5) }, timed);
    await fillPayments(open.db, companyId, timed);
    await timed('vacuum analyze', () => exec(open.db, sql`vacuum analyze`));
    const books = await checkBooks(open.db, [companyId]);
    // Required: every voucher balances and the company balances (what the history query leans on);
    // the other checks are printed for the record.
    const balances = books
      .flatMap((b) => b.checks)
      .filter((c) => (/balance/i.test(c.name) && !/1200/.test(c.name)) || /kept/i.test(c.name));
    if (balances.some((c) => c.status === 'failed'))
      throw new Error(`the bench books do not balance:\n${formatBooksReport(books)}`);
    console.log(formatBooksReport(books).replace(/^/gm, '    '));
    return companyId;
  } finally {
    await open.close();
  }
}

/** The payment book of `payments` payments on `kind`, built unless already there. Null without PostgreSQL. */
export async function paymentBook(
  kind: 'pglite' | 'postgres',
  payments: number,
): Promise<PaymentBook | null> {
  const pledges = Math.ceil(payments / PAYMENTS_EACH / PAYABLE_SHARE);
  const name = `payment_bench_${sizeLabel(payments)}`;
  if (kind === 'postgres') {
    if (!(await postgresReachable())) return null;
    let built = false;
    if (!(await pgDatabaseExists(name))) {
      const building = `${name}_build`;
      await pgAdmin(async (c) => {
        await c.query(`drop database if exists ${building} with (force)`);
        await c.query(`create database ${building}`);
      });
      console.log(`  building ${name} (${pledges} pledges, about ${payments} payments) on PostgreSQL:`);
      const t0 = performance.now();
      await fillAndCheck({ kind: 'postgres', url: pgUrl(building) }, pledges);
      await pgAdmin((c) => c.query(`alter database ${building} rename to ${name}`));
      console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      built = true;
    }
    const url = pgUrl(name);
    const database: Database = { kind, url };
    return { database, env: { DATABASE_URL: url }, companyId: await firstCompany(database), built, payments };
  }
  const base = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pledge-desk-bench');
  const dir = path.join(base, name.replaceAll('_', '-'));
  let built = false;
  if (!fs.existsSync(dir)) {
    const building = `${dir}-build`;
    fs.rmSync(building, { recursive: true, force: true });
    fs.mkdirSync(building, { recursive: true });
    console.log(`  building ${dir} (${pledges} pledges, about ${payments} payments) on PGlite:`);
    const t0 = performance.now();
    await fillAndCheck({ kind: 'pglite', dataDir: path.join(building, 'db') }, pledges);
    fs.renameSync(building, dir);
    console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    built = true;
  }
  const database: Database = { kind: 'pglite', dataDir: path.join(dir, 'db') };
  return { database, env: { DATA_DIR: dir }, companyId: await firstCompany(database), built, payments };
}

async function firstCompany(database: Database): Promise<number> {
  const open = await openDb(database);
  try {
    return rowsOf<{ id: number }>(await exec(open.db, sql`select id from companies order by id limit 1`))[0]!
      .id;
  } finally {
    await open.close();
  }
}

/** A payable pledge and what a clerk would pay on it today: its remaining interest, or Rs. 100. */
export interface Payable {
  pledgeId: number;
  customerId: number;
  interestPaise: number;
  principalPaise: number;
}

/** What each pledge takes today: its remaining interest when there is some, else Rs. 100 of principal. */
export async function payablesOf(
  db: DbOrTx,
  companyId: number,
  ids: number[],
  asOf: string,
): Promise<Payable[]> {
  const out: Payable[] = [];
  for (let at = 0; at < ids.length; at += 1000) {
    const chunk = ids.slice(at, at + 1000);
    await db.transaction(async (tx) => {
      const pledges = await lockPledges(tx, companyId, chunk);
      const stored = await loadStoredPayments(tx, companyId, chunk);
      for (const id of chunk) {
        const pledge = pledges.get(id);
        if (!pledge) continue;
        const b = balanceOf(pledge, storedPaymentsOf(stored, id), asOf);
        if (b.remainingPrincipalPaise <= 10_000) continue;
        out.push({
          pledgeId: id,
          customerId: pledge.customerId,
          interestPaise: b.remainingInterestPaise,
          principalPaise: b.remainingInterestPaise > 0 ? 0 : 10_000,
        });
      }
    });
  }
  return out;
}

/** The body of POST /pledge-payments/ that pays `p` on asOf in cash. */
export function singleBody(p: Payable, asOf: string) {
  const amountPaise = p.interestPaise + p.principalPaise;
  return {
    pledge_id: p.pledgeId,
    payment_date: asOf,
    payment_type: p.principalPaise > 0 ? 'partial_principal' : 'interest',
    amount: paiseToRupees(amountPaise),
    interest_amount: paiseToRupees(p.interestPaise),
    principal_amount: paiseToRupees(p.principalPaise),
    payment_method: 'cash',
    // Over the cash limit (₹20,000, warn) the clerk confirms; under it nothing is recorded.
    cash_limit_confirmed: true,
    remarks: 'bench',
  };
}

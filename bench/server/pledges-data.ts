// The pledge book the pledge benchmark reads (bench/server/pledges.ts): one company with customers in
// English and Tamil script, 3 jewel types with a monthly jewel rate over the years, 10 designs, the
// demo's 3 schemes, pledges of 1-3 items valued at the rate in force on their date, and the Payment
// voucher of every pledge (Dr 1200 loan; Cr 1000 cash handed over; Cr 4000 first month interest;
// Cr 4100 document charges; the create service's narration and reference), numbered per financial
// year, so `npm run check:books` holds.
//
// Everything is made by SQL set operations (generate_series, insert … select) on the real schema (the
// server's migrations, through openDb), into a named database that is kept and reused: PostgreSQL
// `pledge_bench_<size>` on BENCH_PG_URL, PGlite `<BENCH_DATA_DIR>/pledge-bench-<size>` (a DATA_DIR).
// It is built under a `_build` name and renamed when complete, so a half-built one is never reused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rupeesToPaise } from '@pledge-desk/domain';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { bootstrapDatabase } from '../../apps/server/src/bootstrap.ts';
import type { Database } from '../../apps/server/src/config.ts';
import { type DbOrTx, openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import {
  checkBooks,
  formatBooksReport,
} from '../../apps/server/src/modules/books-check/books-check.repository.ts';
import { DEMO_DESIGNS, DEMO_JEWEL_TYPES, DEMO_SCHEMES } from '../../apps/server/src/seed/demo-masters.ts';
import { sampleCustomer, seededRandom } from '../../apps/server/src/seed/sample-people.ts';
import { pgBase } from './support.ts';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-1';

export interface BookSize {
  pledges: number;
  customers: number;
  /** The years the pledges are spread over, up to BOOK_END (default 5). */
  years?: number;
}

/** `1m`, `100k`, `2500`: the size in a database name. */
export const sizeLabel = (n: number) =>
  n % 1_000_000 === 0 ? `${n / 1_000_000}m` : n % 1_000 === 0 ? `${n / 1_000}k` : String(n);

/** The last day of the book; pledges are spread over the five years before it. */
export const BOOK_END = '2026-11-20';
const BOOK_YEARS = 5;

/** Distinct sample people the customers are drawn from (names, guardians, addresses). */
const PEOPLE = 5_000;

/** A pseudo-random non-negative int4 from a row number and a stream number, in SQL. */
const h = (g: SQL, k: number) => sql`(hashint8((${g})::bigint * 16 + ${k}) & 2147483647)`;

export type Step = (label: string, run: () => Promise<unknown>) => Promise<void>;

const exec = (db: DbOrTx, q: SQL) => db.execute(q);

/** A whole number written into the statement (typed by PostgreSQL as a number, unlike a parameter). */
const lit = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number: ${n}`);
  return sql.raw(String(n));
};

/**
 * Fills an empty, migrated database: bootstraps the Main Branch and its admin, then the masters,
 * customers, pledges, items and vouchers. Answers the company id.
 */
export async function fillPledgeBook(db: DbOrTx, size: BookSize, step: Step): Promise<number> {
  await bootstrapDatabase(db as Parameters<typeof bootstrapDatabase>[0], BENCH_ADMIN_PASSWORD);
  const [company] = rowsOf<{ id: number }>(await exec(db, sql`select id from companies order by id limit 1`));
  const companyId = company!.id;
  const [admin] = rowsOf<{ id: number }>(await exec(db, sql`select id from users where username = 'admin'`));
  const adminId = admin!.id;
  const N = size.pledges;
  const C = size.customers;
  const years = size.years ?? BOOK_YEARS;
  const months = years * 12 + 1;

  await step('masters (jewel types, monthly jewel rates, designs, schemes)', async () => {
    await exec(db, sql`update companies set company_name = 'Bench Pledge Book' where id = ${companyId}`);
    for (const t of DEMO_JEWEL_TYPES) {
      await exec(
        db,
        sql`insert into jewel_types (company_id, jewel_name, purity, description)
            values (${companyId}, ${t.jewelName}, ${t.purity}, ${t.description})`,
      );
    }
    // One rate a month per type, from the 1st: 24K gold from about Rs. 5,000 to Rs. 7,600 a gram
    // over the five years, silver from about Rs. 62 to Rs. 95, times the type's fineness.
    await exec(
      db,
      sql`insert into jewel_rates (company_id, jewel_type_id, rate_per_gram, market_price, selling_price,
                                   effective_date, created_by)
          select ${companyId}, t.id, r.rate / 100.0, r.rate / 100.0, round(r.rate * 1.12) / 100.0,
                 m.month, ${adminId}
            from generate_series(0, ${lit(months - 1)}) m0
           cross join lateral (select (date_trunc('month', ${BOOK_END}::date)
                                      - make_interval(months => ${lit(months - 1)} - m0))::date as month) m
            join jewel_types t on t.company_id = ${companyId}
           cross join lateral (
             select round(case when t.jewel_name = 'Silver'
                               then 6200 + m0 * 55 + ${h(sql`m0`, 9)} % 300
                               else 500000 + m0 * 4300 + ${h(sql`m0`, 9)} % 12000 end
                          * (t.purity::int) / 1000.0) as rate
           ) r`,
    );
    await exec(
      db,
      sql`insert into jewel_designs (company_id, design_name, created_by)
          select ${companyId}, d, ${adminId} from unnest(${sql.raw(`array[${DEMO_DESIGNS.map((d) => `'${d.replaceAll("'", "''")}'`).join(',')}]`)}::text[]) d`,
    );
    for (const s of DEMO_SCHEMES) {
      await exec(
        db,
        sql`insert into schemes (company_id, jewel_type_id, scheme_name, short_name, prefix, duration_in_months,
                                 interest_rate_per_month, loan_eligibility_percentage, slippage_percent)
            select ${companyId}, id, ${s.schemeName}, ${s.shortName}, ${s.prefix}, ${s.months}, ${s.interest},
                   ${s.loan}, ${s.slippage}
              from jewel_types where company_id = ${companyId} and jewel_name = ${s.type}`,
      );
    }
  });

  await step(`${C.toLocaleString('en-IN')} customers`, async () => {
    // The people: 5,000 sample customers (a third in Tamil script) from the demo's generator.
    await exec(db, sql`drop table if exists bench_people`);
    await exec(
      db,
      sql`create unlogged table bench_people (i int primary key, customer_name text, guardian_name text,
            door_no text, street text, location text, district text, pincode text)`,
    );
    const rng = seededRandom(12_000_000);
    const people = Array.from({ length: PEOPLE }, (_, i) => ({ i, ...sampleCustomer(rng) }));
    for (let at = 0; at < people.length; at += 500) {
      const rows = people
        .slice(at, at + 500)
        .map(
          (p) =>
            sql`(${p.i}, ${p.customer_name}, ${p.guardian_name}, ${p.door_no}, ${p.street}, ${p.location}, ${p.district}, ${p.pincode})`,
        );
      await exec(db, sql`insert into bench_people values ${sql.join(rows, sql`, `)}`);
    }
    // Mobiles: 6-9 and nine digits; g x 2654435761 mod 10^9 is one-to-one, so no two repeat.
    await inBulk(db, ['customers'], async (tx) => {
      await exec(
        tx,
        sql`insert into customers (company_id, acc_code, customer_name, guardian_name, mobile_number,
                                   alt_mobile_number, door_no, street, location, district, pincode, status,
                                   created_by, created_at, updated_at)
            select ${companyId}, 'C' || lpad(g::text, 6, '0'), p.customer_name, p.guardian_name,
                   (6 + g % 4)::text || lpad(((g::bigint * 2654435761) % 1000000000)::text, 9, '0'),
                   case when ${h(sql`g`, 1)} % 4 = 0
                        then '9' || lpad(((g::bigint * 2246822519) % 1000000000)::text, 9, '0') end,
                   p.door_no, p.street, p.location, p.district, p.pincode, ${h(sql`g`, 2)} % 100 >= 3,
                   ${adminId}, at, at
              from generate_series(1, ${lit(C)}) g
              join bench_people p on p.i = ${h(sql`g`, 3)} % ${lit(PEOPLE)}
             cross join lateral (
               select (${BOOK_END}::date - ${lit(years * 365 + 60)})::timestamptz
                      + ((g - 1)::float8 * ${lit(years * 365 + 60)} / ${lit(C)}) * interval '1 day' as at
             ) t`,
      );
    });
    await exec(
      db,
      sql`insert into counters (company_id, name, period, value) values (${companyId}, 'customer', '', ${lit(C)})
          on conflict (company_id, name, period) do update set value = excluded.value`,
    );
    await exec(db, sql`drop table bench_people`);
  });

  await step(`plan of ${N.toLocaleString('en-IN')} pledges and their items`, async () => {
    await exec(db, sql`drop table if exists bench_plan`);
    await exec(db, sql`drop table if exists bench_items`);
    // Pledge g: its customer, scheme (60% GL, 25% GP, 15% SL), date (rising with g over five
    // years), rate in force (the month's), and its running numbers per prefix and per voucher year.
    await exec(
      db,
      sql`create unlogged table bench_plan as
          select x.*, s.id as scheme_id, s.prefix, s.duration_in_months as duration,
                 s.interest_rate_per_month, s.loan_eligibility_percentage, s.slippage_percent,
                 r.rate_per_gram,
                 row_number() over (partition by x.scheme_no order by x.g) as pledge_n,
                 row_number() over (partition by x.fy order by x.g) as voucher_n
            from (
              select g, 1 + ${h(sql`g`, 1)} % ${lit(C)} as customer_no,
                     case when ${h(sql`g`, 2)} % 100 < 60 then 0 when ${h(sql`g`, 2)} % 100 < 85 then 1 else 2 end
                       as scheme_no,
                     d.pledge_date,
                     (extract(year from d.pledge_date)::int - case when extract(month from d.pledge_date) < 4 then 1 else 0 end)
                       as fy_start,
                     to_char(d.pledge_date, 'YYYY') as y,
                     1 + ${h(sql`g`, 3)} % 3 as n_items,
                     ${h(sql`g`, 4)} % 100 as fate
                from generate_series(1, ${lit(N)}) g
               cross join lateral (
                 select (${BOOK_END}::date - ${lit(years * 365)}
                         + ((g - 1)::bigint * ${lit(years * 365)} / ${lit(N)})::int) as pledge_date
               ) d
            ) x0
           cross join lateral (select x0.*, x0.fy_start::text || '-' || lpad(((x0.fy_start + 1) % 100)::text, 2, '0') as fy) x
            join schemes s on s.company_id = ${companyId}
                          and s.prefix = (array[${sql.raw(DEMO_SCHEMES.map((s) => `'${s.prefix}'`).join(','))}])[x.scheme_no + 1]
            join lateral (
              select jr.rate_per_gram from jewel_rates jr
               where jr.company_id = ${companyId} and jr.jewel_type_id = s.jewel_type_id
                 and jr.effective_date <= x.pledge_date
               order by jr.effective_date desc, jr.id desc limit 1
            ) r on true`,
    );
    // 1-3 items: gold 2-40 g gross, silver 20-200 g; net 92-100% of gross; valued at the pledge's rate
    // (net mg x paise a gram / 1000, rounded half up: itemValuePaise).
    await exec(
      db,
      sql`create unlogged table bench_items as
          select p.g, k, w.gross_mg, w.gross_mg - w.gross_mg * (${h(sql`p.g * 4 + k`, 6)} % 9) / 100 as net_mg,
                 ${h(sql`p.g * 4 + k`, 7)} % ${lit(DEMO_DESIGNS.length)} as design_no, p.rate_per_gram
            from bench_plan p
           cross join generate_series(1, 3) k
           cross join lateral (
             select case when p.scheme_no = 2 then 20000 + ${h(sql`p.g * 4 + k`, 5)} % 180001
                         else 2000 + ${h(sql`p.g * 4 + k`, 5)} % 38001 end as gross_mg
           ) w
           where k <= p.n_items`,
    );
  });

  const [ids] = rowsOf<{ pledge0: number; voucher0: number; vouchers: number }>(
    await exec(
      db,
      sql`select coalesce((select max(id) from pledges), 0) as pledge0,
                 coalesce((select max(id) from vouchers), 0) as voucher0,
                 (select count(*)::int from vouchers where company_id = ${companyId}) as vouchers`,
    ),
  );
  if (ids!.vouchers > 0) throw new Error('the bench company already has vouchers');
  const pledge0 = Number(ids!.pledge0);
  const voucher0 = Number(ids!.voucher0);
  const account = async (code: string) =>
    rowsOf<{ id: number }>(
      await exec(
        db,
        sql`select id from chart_accounts where company_id = ${companyId} and account_code = ${code}`,
      ),
    )[0]!.id;
  const [cash, loans, interest, charges] = [
    await account('1000'),
    await account('1200'),
    await account('4000'),
    await account('4100'),
  ];

  await step('pledges and their items', async () => {
    await inBulk(db, ['pledges', 'pledge_items'], async (tx) => {
      // The figures as docs/domain-rules.md §2.2 and pledgeQuote make them, in paise: valuation = Σ item
      // values; eligible = floor(valuation x loan% ); the loan 80-100% of it, in whole hundreds of
      // rupees; first month interest = loan x rate% rounded half up; document charges Rs. 100.
      await exec(
        tx,
        sql`insert into pledges (id, company_id, pledge_no, customer_id, scheme_id, pledge_date, due_date,
                                 rate_per_gram, interest_rate, loan_allowed_percent, slippage_percent, duration,
                                 total_valuation, eligible_loan, total_loan_amount, first_month_interest,
                                 document_charges, final_amount, gross_weight, net_weight, item_count, status,
                                 is_move_to_bank, voucher_id, ticket_prints, created_by, updated_by, created_at, updated_at)
            select ${lit(pledge0)} + p.g, ${companyId}, p.prefix || p.pledge_n, c.id, p.scheme_id, p.pledge_date,
                   (p.pledge_date + make_interval(months => p.duration))::date,
                   p.rate_per_gram, p.interest_rate_per_month, p.loan_eligibility_percentage, p.slippage_percent,
                   p.duration, f.valuation / 100, f.eligible / 100, f.loan / 100, f.fmi / 100, 100,
                   (f.loan - f.fmi - 10000) / 100, t.gross_mg / 1000.0, t.net_mg / 1000.0, t.n,
                   case when p.fate < 5 then 'inactive' else 'active' end, p.fate between 5 and 9,
                   ${lit(voucher0)} + p.g, case when p.fate < 80 then 1 else 0 end, ${adminId}, ${adminId},
                   p.pledge_date + time '10:00' + (p.g % 480) * interval '1 minute',
                   p.pledge_date + time '10:00' + (p.g % 480) * interval '1 minute'
              from bench_plan p
              join (
                select g, sum(gross_mg) as gross_mg, sum(net_mg) as net_mg, count(*)::int as n,
                       sum(round(net_mg * rate_per_gram * 100 / 1000)) as valuation
                  from bench_items group by g
              ) t on t.g = p.g
              join customers c on c.company_id = ${companyId} and c.acc_code = 'C' || lpad(p.customer_no::text, 6, '0')
             cross join lateral (
               select t.valuation, floor(t.valuation * p.loan_eligibility_percentage * 100 / 10000) as eligible
             ) e
             cross join lateral (
               select greatest(floor(e.eligible * (80 + p.g % 21) / 100 / 10000) * 10000, least(e.eligible, 20000))
                        as loan, e.valuation, e.eligible
             ) l
             cross join lateral (
               select l.valuation, l.eligible, l.loan, round(l.loan * p.interest_rate_per_month * 100 / 10000) as fmi
             ) f`,
      );
      await exec(
        tx,
        sql`insert into pledge_items (company_id, pledge_id, jewell_design_id, jewell_condition, gross_weight,
                                      net_weight, net_value, created_at, updated_at)
            select ${companyId}, ${lit(pledge0)} + i.g, d.id, case when i.net_mg < i.gross_mg then 'Stones deducted' else 'Good' end,
                   i.gross_mg / 1000.0, i.net_mg / 1000.0, round(i.net_mg * i.rate_per_gram * 100 / 1000) / 100,
                   p.created_at, p.created_at
              from bench_items i
              join pledges p on p.id = ${lit(pledge0)} + i.g
              join (select id, row_number() over (order by id) - 1 as design_no from jewel_designs
                     where company_id = ${companyId}) d on d.design_no = i.design_no
             order by i.g, i.k`,
      );
      await exec(
        tx,
        sql`select setval(pg_get_serial_sequence('pledges', 'id'), (select max(id) from pledges))`,
      );
    });
  });

  await step('Payment vouchers and their lines', async () => {
    await inBulk(db, ['vouchers', 'voucher_lines'], async (tx) => {
      await exec(
        tx,
        sql`insert into vouchers (id, company_id, voucher_type, voucher_number, financial_year, running_number,
                                  entry_date, reference_number, narration, total_amount, source_kind, source_id,
                                  created_by, created_at, updated_at)
            select ${lit(voucher0)} + p.g, ${companyId}, 'Payment',
                   'PMT/' || p.fy || '/' || case when p.voucher_n < 10000 then lpad(p.voucher_n::text, 4, '0')
                                                 else p.voucher_n::text end,
                   p.fy, p.voucher_n, p.pledge_date, pl.pledge_no,
                   'Pledge ' || pl.pledge_no || ' to ' || cu.customer_name || ': loan paid out',
                   pl.total_loan_amount, 'pledge', pl.id, ${adminId}, pl.created_at, pl.created_at
              from bench_plan p
              join pledges pl on pl.id = ${lit(pledge0)} + p.g
              join customers cu on cu.company_id = pl.company_id and cu.id = pl.customer_id`,
      );
      await exec(
        tx,
        sql`insert into voucher_lines (company_id, voucher_id, line_no, account_id, entry_date, debit, credit)
            select ${companyId}, v.id, k, case k when 1 then ${lit(loans)} when 2 then ${lit(cash)} when 3 then ${lit(interest)}
                                                 else ${lit(charges)} end,
                   v.entry_date,
                   case k when 1 then pl.total_loan_amount else 0 end,
                   case k when 1 then 0 when 2 then pl.final_amount when 3 then pl.first_month_interest
                          else pl.document_charges end
              from vouchers v
              join pledges pl on pl.id = v.source_id
             cross join generate_series(1, 4) k
             where v.company_id = ${companyId} and v.source_kind = 'pledge'
               and (k <> 3 or pl.first_month_interest > 0)
             order by v.id, k`,
      );
      await exec(
        tx,
        sql`select setval(pg_get_serial_sequence('vouchers', 'id'), (select max(id) from vouchers))`,
      );
    });
    // The counters the create service takes next numbers from.
    await exec(
      db,
      sql`insert into counters (company_id, name, period, value)
          select ${lit(companyId)}, 'pledge:' || prefix, '', max(pledge_n) from bench_plan group by prefix
          union all
          select ${lit(companyId)}, 'voucher:PMT', fy, max(voucher_n) from bench_plan group by fy
          on conflict (company_id, name, period) do update set value = excluded.value`,
    );
    await exec(db, sql`drop table bench_items`);
    await exec(db, sql`drop table bench_plan`);
  });
  return companyId;
}

/**
 * A bulk write: one transaction with the triggers off (the foreign keys' and the voucher balance's;
 * the rows are consistent by construction and the books check below proves the balance), and the
 * secondary indexes of the filled tables dropped and built again after, which is several times faster
 * than keeping them up row by row; the kept account totals and branch figures made again after.
 */
export async function inBulk(
  db: DbOrTx,
  tables: string[],
  fill: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await exec(tx, sql`set local session_replication_role = replica`);
    const indexes = await secondaryIndexes(tx, tables);
    for (const i of indexes) await exec(tx, sql.raw(`drop index "${i.name}"`));
    await fill(tx);
    for (const i of indexes) await exec(tx, sql.raw(i.def));
    // The kept account totals (migration 0018) are kept by triggers, off here: made again from the lines.
    if (tables.includes('voucher_lines')) {
      await exec(tx, sql`delete from account_day_totals`);
      await exec(
        tx,
        sql`insert into account_day_totals (company_id, account_id, entry_date, debit, credit)
            select company_id, account_id, entry_date, sum(debit), sum(credit)
              from voucher_lines group by company_id, account_id, entry_date`,
      );
    }
    // And the branches' daily figures (migration 0031) from the totals, pledges and receipts.
    if (['voucher_lines', 'pledges', 'payment_receipts'].some((t) => tables.includes(t))) {
      await exec(tx, sql`select branch_day_figures_rebuild()`);
    }
  });
}

export interface PledgeBook {
  database: Database;
  /** The server's env for it (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  companyId: number;
  built: boolean;
}

export async function pgAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgBase });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export const pgUrl = (name: string) => {
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Reachable PostgreSQL on BENCH_PG_URL? */
export async function postgresReachable(): Promise<boolean> {
  try {
    await pgAdmin(async () => {});
    return true;
  } catch {
    return false;
  }
}

export const timed: Step = async (label, run) => {
  const t0 = performance.now();
  await run();
  console.log(`    ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

async function fillAndCheck(database: Database, size: BookSize): Promise<number> {
  const open = await openDb(database);
  try {
    const companyId = await fillPledgeBook(open.db, size, timed);
    // What autovacuum does to a live database after such a load, in its own time: the statistics,
    // and the visibility map that lets a count or a customer's pledges be read from the index alone.
    await timed('vacuum analyze', () => exec(open.db, sql`vacuum analyze`));
    const t0 = performance.now();
    const books = await checkBooks(open.db, [companyId]);
    console.log(`    books check: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (!books.every((b) => b.ok))
      throw new Error(`the bench books do not hold:\n${formatBooksReport(books)}`);
    return companyId;
  } finally {
    await open.close();
  }
}

/**
 * The pledge book of `size` on `kind`, built now unless a complete one is already there. Null when
 * PostgreSQL is not reachable.
 */
export async function pledgeBook(kind: 'pglite' | 'postgres', size: BookSize): Promise<PledgeBook | null> {
  const name = `pledge_bench_${sizeLabel(size.pledges)}`;
  if (kind === 'postgres') {
    if (!(await postgresReachable())) return null;
    let built = false;
    if (!(await pgDatabaseExists(name))) {
      const building = `${name}_build`;
      await pgAdmin(async (c) => {
        await c.query(`drop database if exists ${building} with (force)`);
        await c.query(`create database ${building}`);
      });
      console.log(`  building ${name} (${size.pledges} pledges, ${size.customers} customers) on PostgreSQL:`);
      const t0 = performance.now();
      await fillAndCheck({ kind: 'postgres', url: pgUrl(building) }, size);
      await pgAdmin((c) => c.query(`alter database ${building} rename to ${name}`));
      console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      built = true;
    }
    const url = pgUrl(name);
    return {
      database: { kind, url },
      env: { DATABASE_URL: url },
      companyId: await firstCompany({ kind, url }),
      built,
    };
  }
  const base = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pledge-desk-bench');
  const dir = path.join(base, name.replaceAll('_', '-'));
  let built = false;
  if (!fs.existsSync(dir)) {
    const building = `${dir}-build`;
    fs.rmSync(building, { recursive: true, force: true });
    fs.mkdirSync(building, { recursive: true });
    console.log(`  building ${dir} (${size.pledges} pledges, ${size.customers} customers) on PGlite:`);
    const t0 = performance.now();
    await fillAndCheck({ kind: 'pglite', dataDir: path.join(building, 'db') }, size);
    fs.renameSync(building, dir);
    console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    built = true;
  }
  const database: Database = { kind: 'pglite', dataDir: path.join(dir, 'db') };
  return { database, env: { DATA_DIR: dir }, companyId: await firstCompany(database), built };
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

/** A scheme's lending terms with its jewel type's rate on a date, as pledgeQuote takes them. */
export interface SchemeTerms {
  id: number;
  ratePaise: number;
  loanAllowedBp: number;
  slippageBp: number;
  interestRateBp: number;
  durationMonths: number;
  silver: boolean;
}

const bp = (percent: string) => Math.round(Number(percent) * 100);

/** Every scheme of a company with the rate of its jewel type in force on asOf (the benches' pledges). */
export async function schemeTermsOf(db: DbOrTx, companyId: number, asOf: string): Promise<SchemeTerms[]> {
  const rows = rowsOf<{
    id: number;
    rate: string;
    loan: string;
    slippage: string;
    interest: string;
    months: number;
    jewel_name: string;
  }>(
    await db.execute(sql`
      select s.id, r.rate_per_gram::text as rate, s.loan_eligibility_percentage::text as loan,
             s.slippage_percent::text as slippage, s.interest_rate_per_month::text as interest,
             s.duration_in_months as months, t.jewel_name
        from schemes s
        join jewel_types t on t.company_id = s.company_id and t.id = s.jewel_type_id
        join lateral (select rate_per_gram from jewel_rates jr
                       where jr.company_id = s.company_id and jr.jewel_type_id = s.jewel_type_id
                         and jr.effective_date <= ${asOf}::date
                       order by jr.effective_date desc, jr.id desc limit 1) r on true
       where s.company_id = ${companyId}`),
  );
  return rows.map((s) => ({
    id: s.id,
    ratePaise: rupeesToPaise(s.rate),
    loanAllowedBp: bp(s.loan),
    slippageBp: bp(s.slippage),
    interestRateBp: bp(s.interest),
    durationMonths: s.months,
    silver: s.jewel_name === 'Silver',
  }));
}

/** Whether the PostgreSQL server of the benches has a database of that name. */
export async function pgDatabaseExists(name: string): Promise<boolean> {
  return (
    (await pgAdmin((c) => c.query('select 1 from pg_database where datname = $1', [name]))).rowCount === 1
  );
}

/** The secondary indexes of the tables (not those behind a key or unique constraint), with their definitions. */
export async function secondaryIndexes(
  db: DbOrTx,
  tables: string[],
): Promise<{ name: string; def: string }[]> {
  return rowsOf<{ name: string; def: string }>(
    await exec(
      db,
      sql`select i.indexname as name, i.indexdef as def from pg_indexes i
           where i.schemaname = 'public'
             and i.tablename in (${sql.join(
               tables.map((t) => sql`${t}`),
               sql`, `,
             )})
             and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
           order by i.tablename, i.indexname`,
    ),
  );
}

/** The bench admin's access token from the server at `base` (…/api). */
export async function benchAdminToken(base: string): Promise<string> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
  return ((await login.json()) as { access_token: string }).access_token;
}

// The chain the chain-size benchmarks read (bench/server/chain.ts, the chain-size data):
// CHAIN_BRANCHES branches (default 5,000) of CHAIN_PLEDGES_EACH live pledges each (default 1,000),
// every one a whole branch's books: customers, masters, pledges, items and their Payment vouchers,
// BRANCH_PAYMENTS_EACH (3) payments of every payable pledge with their receipts and Receipt vouchers,
// the kept account totals (migration 0018), the kept branch figures (0031) and the numbering
// counters, so `npm run check:books` holds on every branch and the server works on any of them.
//
// How, by SQL set operations only, in three stages:
// 1. the first branch is made by the very generator of the branch's-day book (fillPledgeBook of
//    pledges-data.ts with `years: 1`, then fillPayments of payments-data.ts): the template;
// 2. the big tables' secondary indexes (not the primary keys and unique constraints) are dropped;
// 3. branches 2..N are copies of the template made CHAIN_BATCH (default 100) branches a statement:
//    `insert into <table> select … from <table> t cross join generate_series(<first>, <last>) c`, one
//    transaction a batch (so memory and WAL stay bounded), in company-id order. Branch c's row of id i
//    is id i + (c - 1) x (the template's largest id of that table), and every reference within the
//    branch (the foreign keys, found in pg_constraint, and the vouchers' source_id) moves with it;
//    the users (the bench admin) are shared;
// 4. the indexes are built again from their definitions (pg_indexes), the id sequences set, and the
//    database vacuumed and analysed; the template's and the last branch's books are checked.
// Every branch has the same pledges, numbers, people and amounts as the first: a query of one
// branch reads what it would read in any other, and the all-branches sums are N times one branch's.
//
// PostgreSQL only (5 million pledges are no embedded database's size): `chain_bench_<branches>x<pledges>`
// on BENCH_PG_URL (BENCH_NAME to name it otherwise), built under a `_build` name and renamed when
// complete; the build time is kept as the database's comment. To build it again:
// `dropdb -h 127.0.0.1 -U postgres chain_bench_5000x1000` and run `npm run bench -- chain`.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/config.ts';
import { type DbOrTx, openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import {
  checkBooks,
  formatBooksReport,
} from '../../apps/server/src/modules/books-check/books-check.repository.ts';
import { BRANCH_PAYMENTS_EACH } from './branch-day-data.ts';
import { fillPayments } from './payments-data.ts';
import {
  fillPledgeBook,
  pgAdmin,
  pgDatabaseExists,
  pgUrl,
  postgresReachable,
  secondaryIndexes,
  timed,
} from './pledges-data.ts';

/** The tables a branch's rows are copied in, in order (a referenced table before the one referring). */
const BRANCH_TABLES = [
  'chart_accounts',
  'jewel_types',
  'jewel_rates',
  'jewel_designs',
  'schemes',
  'customers',
  'counters',
  'vouchers',
  'voucher_lines',
  'account_day_totals',
  'pledges',
  'pledge_items',
  'payment_receipts',
  'pledge_payments',
  'branch_day_figures',
  'branch_cash_totals',
] as const;

/** The tables whose secondary indexes are dropped while branches are copied, and built again after. */
const BIG_TABLES = [
  'customers',
  'vouchers',
  'voucher_lines',
  'account_day_totals',
  'pledges',
  'pledge_items',
  'payment_receipts',
  'pledge_payments',
];

export interface ChainSize {
  branches: number;
  pledgesEach: number;
  /** Branches copied a statement (and a transaction). */
  batch: number;
}

export function chainSize(): ChainSize {
  const whole = (name: string, fallback: number) => {
    const n = Number(process.env[name] ?? fallback);
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`${name} must be a whole number ≥ 1`);
    return n;
  };
  return {
    branches: whole('CHAIN_BRANCHES', 5000),
    pledgesEach: whole('CHAIN_PLEDGES_EACH', 1000),
    batch: whole('CHAIN_BATCH', 100),
  };
}

export const chainName = (size: ChainSize) =>
  process.env.BENCH_NAME ?? `chain_bench_${size.branches}x${size.pledgesEach}`;

export interface ChainBook {
  name: string;
  database: Database;
  /** The server's env for it. */
  env: Record<string, string>;
  /** The branches' company ids, in order (the template first). */
  companyIds: number[];
  built: boolean;
  /** Seconds the build took (kept as the database's comment), null when not known. */
  buildSeconds: number | null;
  pledges: number;
  payments: number;
  vouchers: number;
  voucherLines: number;
  /** pg_database_size, bytes. */
  bytes: number;
}

const exec = (db: DbOrTx, q: ReturnType<typeof sql>) => db.execute(q);
const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** How one table's row of the template becomes branch c's: the select list, per column. */
async function copyPlan(db: DbOrTx, spans: Map<string, number>): Promise<Map<string, string>> {
  const columns = rowsOf<{ table: string; column: string }>(
    await exec(
      db,
      sql`select c.table_name as table, c.column_name as column
            from information_schema.columns c
           where c.table_schema = 'public'
             and c.table_name in (${sql.join(
               BRANCH_TABLES.map((t) => sql`${t}`),
               sql`, `,
             )})
           order by c.table_name, c.ordinal_position`,
    ),
  );
  // Foreign keys (company_id, x) → r(company_id, id) within the branch: column x moves with r's ids.
  const refs = rowsOf<{ table: string; column: string; ref: string }>(
    await exec(
      db,
      sql`select k.conrelid::regclass::text as table, a.attname as column, k.confrelid::regclass::text as ref
            from pg_constraint k
           cross join lateral unnest(k.conkey, k.confkey) as u(col, refcol)
            join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.col
            join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = u.refcol
           where k.contype = 'f' and ra.attname = 'id' and a.attname <> 'company_id'
             and k.connamespace = 'public'::regnamespace`,
    ),
  );
  const k = '(c.id - t.company_id)';
  const plan = new Map<string, string>();
  for (const table of BRANCH_TABLES) {
    const list: string[] = [];
    for (const { column } of columns.filter((c) => c.table === table)) {
      const ref = refs.find((r) => r.table === table && r.column === column);
      const col = `t.${ident(column)}`;
      if (column === 'company_id') list.push('c.id');
      else if (column === 'id') list.push(`${col} + ${k} * ${spans.get(table)}`);
      else if (table === 'vouchers' && column === 'source_id')
        list.push(
          `${col} + ${k} * case t.source_kind when 'pledge' then ${spans.get('pledges')} when 'payment' then ${spans.get('payment_receipts')} end`,
        );
      else if (ref && spans.has(ref.ref)) list.push(`${col} + ${k} * ${spans.get(ref.ref)}`);
      else list.push(col);
    }
    plan.set(
      table,
      `insert into ${ident(table)} (${columns
        .filter((c) => c.table === table)
        .map((c) => ident(c.column))
        .join(', ')}) select ${list.join(', ')} from ${ident(table)} t`,
    );
  }
  return plan;
}

async function fill(database: Database, size: ChainSize): Promise<void> {
  const open = await openDb(database);
  try {
    const db = open.db;
    const P = size.pledgesEach;
    const t0 = performance.now();
    console.log(`    1. the template branch (${P} pledges and their payments):`);
    const template = await fillPledgeBook(db, { pledges: P, customers: Math.round(P / 4), years: 1 }, timed);
    await fillPayments(db, template, timed, BRANCH_PAYMENTS_EACH);
    await exec(db, sql`update companies set company_name = 'Chain Branch 0001' where id = ${template}`);
    console.log(`    template: ${secs(t0)}`);

    // The template is the only company: each table's largest id is the span of a branch's ids.
    const others = rowsOf<{ n: number }>(
      await exec(db, sql`select count(*)::int as n from companies where id <> ${template}`),
    )[0]!.n;
    if (others > 0 || template !== 1) throw new Error('the template must be the database’s only company, 1');
    const kinds = rowsOf<{ k: string }>(
      await exec(db, sql`select distinct source_kind as k from vouchers`),
    ).map((r) => r.k);
    if (kinds.some((k) => k !== 'pledge' && k !== 'payment'))
      throw new Error(`vouchers of a source the copy does not know: ${kinds.join(', ')}`);
    const spans = new Map<string, number>();
    for (const table of BRANCH_TABLES) {
      const hasId = rowsOf<{ n: number }>(
        await exec(
          db,
          sql`select count(*)::int as n from information_schema.columns
               where table_schema = 'public' and table_name = ${table} and column_name = 'id'`,
        ),
      )[0]!.n;
      if (!hasId) continue;
      const [row] = rowsOf<{ max: number | null }>(
        await exec(db, sql.raw(`select max(id)::int as max from ${ident(table)}`)),
      );
      spans.set(table, Math.max(Number(row?.max ?? 0), 1));
    }
    const plan = await copyPlan(db, spans);
    const companyColumns = rowsOf<{ column: string }>(
      await exec(
        db,
        sql`select column_name as column from information_schema.columns
             where table_schema = 'public' and table_name = 'companies' order by ordinal_position`,
      ),
    ).map((r) => r.column);
    const companySelect = companyColumns.map((c) =>
      c === 'id'
        ? 'c.id'
        : c === 'company_name'
          ? `'Chain Branch ' || lpad(c.id::text, 4, '0')`
          : `t.${ident(c)}`,
    );

    const indexes = await secondaryIndexes(db, BIG_TABLES);
    await timed(`2. drop ${indexes.length} secondary indexes of the big tables`, async () => {
      for (const i of indexes) await exec(db, sql.raw(`drop index ${ident(i.name)}`));
    });

    const t2 = performance.now();
    console.log(`    3. branches 2-${size.branches}, ${size.batch} a statement:`);
    let tBatch = performance.now();
    let since = 1;
    for (let first = 2; first <= size.branches; first += size.batch) {
      const last = Math.min(first + size.batch - 1, size.branches);
      await db.transaction(async (tx) => {
        // The rows are the template's, consistent by construction: no foreign-key, balance or kept
        // totals triggers (the totals and the branch figures are copied with the rows).
        await exec(tx, sql`set local session_replication_role = replica`);
        await exec(
          tx,
          sql.raw(
            `insert into companies (${companyColumns.map(ident).join(', ')})
             select ${companySelect.join(', ')} from companies t
              cross join generate_series(${first}, ${last}) c(id) where t.id = ${template}`,
          ),
        );
        for (const table of BRANCH_TABLES) {
          await exec(
            tx,
            sql.raw(
              `${plan.get(table)} cross join generate_series(${first}, ${last}) c(id) where t.company_id = ${template}`,
            ),
          );
        }
      });
      const every = Math.max(size.batch, Number(process.env.CHAIN_PROGRESS_EVERY ?? 500));
      if (last - since >= every || last === size.branches) {
        const done = last - 1;
        const left = size.branches - last;
        const rate = done / ((performance.now() - t2) / 1000);
        console.log(
          `      branches ${since + 1}-${last}: ${secs(tBatch)} (${rate.toFixed(1)} branches/s, ${secs(t2)} in all, about ${(left / rate / 60).toFixed(1)} min left)`,
        );
        since = last;
        tBatch = performance.now();
      }
    }
    console.log(`    branches copied: ${secs(t2)}`);

    await timed('4. the secondary indexes built again', async () => {
      await db.transaction(async (tx) => {
        await exec(tx, sql`set local maintenance_work_mem = '512MB'`);
        for (const i of indexes) {
          const ti = performance.now();
          await exec(tx, sql.raw(i.def));
          console.log(`      ${i.name}: ${secs(ti)}`);
        }
      });
    });
    await timed('id sequences', async () => {
      for (const table of ['companies', ...spans.keys()]) {
        await exec(
          db,
          sql.raw(
            `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${ident(table)}))`,
          ),
        );
      }
    });
    // The branches' daily figures in day order, as a live book's are (each day's rows are written
    // that day, every branch's together): the copies laid them out branch by branch, so the
    // all-branches dashboard's read of two months of days would touch every page of the table.
    await timed('branch_day_figures in day order', () =>
      exec(db, sql`cluster branch_day_figures using branch_day_figures_pkey`),
    );
    await timed('vacuum analyze', () => exec(db, sql`vacuum analyze`));
    const t4 = performance.now();
    const books = await checkBooks(db, [template, size.branches]);
    console.log(`    books of branches 1 and ${size.branches} checked: ${secs(t4)}`);
    if (!books.every((b) => b.ok))
      throw new Error(`the chain's books do not hold:\n${formatBooksReport(books)}`);
  } finally {
    await open.close();
  }
}

async function describe(name: string, built: boolean): Promise<ChainBook> {
  const url = pgUrl(name);
  const database: Database = { kind: 'postgres', url };
  const open = await openDb(database);
  try {
    const [row] = rowsOf<{
      pledges: number;
      payments: number;
      vouchers: number;
      lines: number;
      bytes: string;
      comment: string | null;
    }>(
      await exec(
        open.db,
        sql`select (select count(*) from pledges)::int as pledges,
                   (select count(*) from pledge_payments)::int as payments,
                   (select count(*) from vouchers)::int as vouchers,
                   (select count(*) from voucher_lines)::int as lines,
                   pg_database_size(current_database())::text as bytes,
                   shobj_description((select oid from pg_database where datname = current_database()),
                                     'pg_database') as comment`,
      ),
    );
    const ids = rowsOf<{ id: number }>(await exec(open.db, sql`select id from companies order by id`)).map(
      (r) => Number(r.id),
    );
    const took = /built in (\d+) s/.exec(row?.comment ?? '');
    return {
      name,
      database,
      env: { DATABASE_URL: url },
      companyIds: ids,
      built,
      buildSeconds: took ? Number(took[1]) : null,
      pledges: row!.pledges,
      payments: row!.payments,
      vouchers: row!.vouchers,
      voucherLines: row!.lines,
      bytes: Number(row!.bytes),
    };
  } finally {
    await open.close();
  }
}

/** The chain of `size`, built unless already there. Null without PostgreSQL. */
export async function chainBook(size: ChainSize = chainSize()): Promise<ChainBook | null> {
  if (!(await postgresReachable())) return null;
  const name = chainName(size);
  let built = false;
  if (!(await pgDatabaseExists(name))) {
    const building = `${name}_build`;
    await pgAdmin(async (c) => {
      await c.query(`drop database if exists ${building} with (force)`);
      await c.query(`create database ${building}`);
    });
    console.log(
      `  building ${name} (${size.branches} branches of ${size.pledgesEach} pledges, with payments) on PostgreSQL:`,
    );
    const t0 = performance.now();
    await fill({ kind: 'postgres', url: pgUrl(building) }, size);
    const seconds = Math.round((performance.now() - t0) / 1000);
    await pgAdmin(async (c) => {
      await c.query(`alter database ${building} rename to ${name}`);
      await c.query(
        `comment on database ${name} is 'chain bench: ${size.branches} branches of ${size.pledgesEach} pledges, built in ${seconds} s'`,
      );
    });
    console.log(`  built in ${seconds} s`);
    built = true;
  }
  return describe(name, built);
}

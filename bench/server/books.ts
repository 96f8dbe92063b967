// Books at scale: LINES voucher lines (default 1,000,000) in one company, made with SQL
// generate_series (4 balanced lines per voucher over one financial year), then the trial balance and
// a one-year ledger of the busiest account (Cash in Hand, on half of the vouchers), each timed a few
// times, on PGlite (a temporary data directory) and on PostgreSQL (a fresh database on
// 127.0.0.1:5432, user postgres, dropped after). Goal: under 2 s each.
//
// Bounded: generation stops at GEN_BUDGET_S seconds per database (default 300) and the reports are
// timed on what was made. The balance triggers are switched off for the bulk load (as a restore
// would), and the books check is run after it to prove every generated voucher balances.
//
//   npx tsx bench/server/books.ts            LINES=200000 DBS=pglite npx tsx bench/server/books.ts
import { sql } from 'drizzle-orm';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/modules/accounts/accounts.repository.ts';
import { checkBooks } from '../../apps/server/src/modules/books-check/books-check.repository.ts';
import { accountLedger, trialBalance } from '../../apps/server/src/modules/reports/reports.service.ts';
import { postVoucher } from '../../apps/server/src/modules/vouchers/vouchers.service.ts';
import { FY_END, FY_START, insertBatch, setUpCompany } from './books-data.ts';
import { benchDatabase, pgBase } from './support.ts';

const LINES = Number(process.env.LINES ?? 1_000_000);
const VOUCHERS = Math.ceil(LINES / 4);
const BATCH = Number(process.env.BATCH ?? 25_000);
const GEN_BUDGET_MS = Number(process.env.GEN_BUDGET_S ?? 300) * 1000;
const RUNS = Number(process.env.RUNS ?? 3);
const POSTS = Number(process.env.POSTS ?? 1000);
const GOAL_MS = 2000;
const DBS = (process.env.DBS ?? 'pglite,postgres').split(',');

interface Result {
  db: string;
  lines: number;
  vouchers: number;
  cashLines: number;
  generateS: number;
  analyseS: number;
  checkS: number;
  trialBalanceMs: number[];
  ledgerMs: number[];
  ledgerLines: number;
  postMs: number;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

async function run(kind: 'pglite' | 'postgres'): Promise<Result> {
  const made = await benchDatabase(kind, 'pd_bench_books');
  if (!made) throw new Error(`PostgreSQL is not reachable at ${pgBase}`);
  const { database } = made;
  const cleanup = async () =>
    process.env.KEEP && database.kind === 'pglite'
      ? console.log(`  kept ${database.dataDir}`)
      : made.cleanup();
  const opened = await openDb(database);
  const db = opened.db;
  try {
    const companyId = await setUpCompany(db);
    const accounts = rowsOf<{ id: number; account_code: string }>(
      await db.execute(
        sql`select id, account_code from chart_accounts where company_id = ${companyId} order by account_code`,
      ),
    );
    const cash = accounts.find((a) => a.account_code === '1000')!.id;
    const others = accounts.filter((a) => a.account_code !== '1000').map((a) => a.id);

    const t0 = performance.now();
    let made = 0;
    while (made < VOUCHERS && performance.now() - t0 < GEN_BUDGET_MS) {
      const upTo = Math.min(VOUCHERS, made + BATCH);
      await insertBatch(db, companyId, cash, others, made + 1, upTo, VOUCHERS);
      made = upTo;
      process.stdout.write(
        `\r  ${kind}: ${(made * 4).toLocaleString('en-IN')} lines in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
    process.stdout.write('\n');
    const generateS = (performance.now() - t0) / 1000;
    const [, analyseMs] = await timed(() => db.execute(sql`vacuum analyze`));
    const [books, checkMs] = await timed(() => checkBooks(db, [companyId]));
    if (!books[0]?.ok) throw new Error(`generated books do not balance: ${JSON.stringify(books[0]?.checks)}`);
    const [cashCount] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from voucher_lines where company_id = ${companyId} and account_id = ${cash}`,
      ),
    );

    const trialBalanceMs: number[] = [];
    const ledgerMs: number[] = [];
    let ledgerLines = 0;
    for (let i = 0; i < RUNS; i++) {
      const [tb, tbMs] = await timed(() => trialBalance(db, companyId, FY_END));
      if (!tb.balanced) throw new Error('trial balance does not agree');
      trialBalanceMs.push(tbMs);
      const [ledger, lMs] = await timed(() => accountLedger(db, companyId, cash, FY_START, FY_END));
      ledgerLines = ledger.lines.length;
      ledgerMs.push(lMs);
    }
    // The real path on top of a million lines: one voucher per transaction through postVoucher,
    // with the counter lock and the balance triggers at commit.
    const [, postMs] = await timed(async () => {
      for (let i = 0; i < POSTS; i++) {
        await db.transaction((tx) =>
          postVoucher(tx, {
            companyId,
            voucherType: 'Receipt',
            entryDate: '2026-03-31',
            narration: 'Interest received',
            lines: [
              { accountCode: '1000', debitPaise: 10_000 + i, creditPaise: 0 },
              { accountCode: '4000', debitPaise: 0, creditPaise: 10_000 + i },
            ],
            source: { kind: 'manual' },
            createdBy: null,
          }),
        );
      }
    });
    return {
      postMs,
      db: kind,
      lines: made * 4,
      vouchers: made,
      cashLines: cashCount?.n ?? 0,
      generateS,
      analyseS: analyseMs / 1000,
      checkS: checkMs / 1000,
      trialBalanceMs,
      ledgerMs,
      ledgerLines,
    };
  } finally {
    await opened.close();
    await cleanup();
  }
}

const fmtMs = (xs: number[]) => xs.map((x) => `${x.toFixed(0)} ms`).join(', ');
let failed = false;
for (const kind of DBS) {
  if (kind !== 'pglite' && kind !== 'postgres') continue;
  const r = await run(kind);
  const worst = Math.max(...r.trialBalanceMs.slice(1), ...r.ledgerMs.slice(1));
  if (worst > GOAL_MS) failed = true;
  console.log(
    [
      `${r.db}: ${r.lines.toLocaleString('en-IN')} lines (${r.vouchers.toLocaleString('en-IN')} vouchers${r.lines < LINES ? `, generation stopped at its ${GEN_BUDGET_MS / 1000} s budget` : ''}) made in ${r.generateS.toFixed(1)} s; vacuum analyze ${r.analyseS.toFixed(1)} s; books check ${r.checkS.toFixed(1)} s`,
      `  trial balance as of ${FY_END}: ${fmtMs(r.trialBalanceMs)}`,
      `  ledger of Cash in Hand ${FY_START} to ${FY_END} (${r.ledgerLines.toLocaleString('en-IN')} lines): ${fmtMs(r.ledgerMs)}`,
      `  ${POSTS} vouchers posted one by one through postVoucher: ${(r.postMs / POSTS).toFixed(2)} ms each`,
    ].join('\n'),
  );
}
process.exit(failed ? 1 : 0);

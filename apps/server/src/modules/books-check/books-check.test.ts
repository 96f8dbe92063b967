import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../config.ts';
import { type DbOrTx, openDb } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { type Actor, adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, freshDatabase, type TestApp, testDbKind } from '../../test/test-app.ts';
import { ensureSystemAccounts } from '../accounts/system-accounts.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';

let t: TestApp;

const cli = path.resolve(import.meta.dirname, '../../cli/check-books.ts');

async function postCashToCapital(db: DbOrTx, companyId: number, paise: number) {
  await db.transaction((tx) =>
    postVoucher(tx, {
      companyId,
      voucherType: 'Receipt',
      entryDate: '2026-10-01',
      narration: 'Capital brought in',
      lines: [
        { accountCode: '1000', debitPaise: paise, creditPaise: 0 },
        { accountCode: '3000', debitPaise: 0, creditPaise: paise },
      ],
      source: { kind: 'manual' },
      createdBy: null,
    }),
  );
}

/**
 * An unbalanced voucher, which only a broken database could hold: the balance triggers are switched
 * off for this one transaction (the table owner may), as a restore of a damaged backup might.
 */
async function breakBooks(db: DbOrTx, companyId: number, voucherNumber: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table voucher_lines disable trigger voucher_lines_balanced`);
    await tx.execute(sql`alter table vouchers disable trigger vouchers_balanced`);
    const [cash] = rowsOf<{ id: number }>(
      await tx.execute(
        sql`select id from chart_accounts where company_id = ${companyId} and account_code = '1000'`,
      ),
    );
    const [v] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into vouchers (company_id, voucher_type, voucher_number, financial_year, running_number,
                              entry_date, narration, total_amount)
        values (${companyId}, 'Journal', ${voucherNumber}, '2026-27', 999, '2026-10-02', 'broken', 50)
        returning id`),
    );
    await tx.execute(sql`
      insert into voucher_lines (company_id, voucher_id, line_no, account_id, entry_date, debit, credit)
      values (${companyId}, ${v!.id}, 1, ${cash!.id}, '2026-10-02', 50, 0)`);
    await tx.execute(sql`alter table voucher_lines enable trigger voucher_lines_balanced`);
    await tx.execute(sql`alter table vouchers enable trigger vouchers_balanced`);
  });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/books/check', () => {
  const check = (admin: Actor, companyId: number) =>
    t.app.inject({ method: 'GET', url: '/api/books/check', headers: admin.headers(companyId) });

  /** A new company whose only voucher brings `paise` of capital in as cash, and an admin. */
  async function booksWithCapital(paise: number) {
    const companyId = (await freshCompany(t)).id;
    await postCashToCapital(t.database.db, companyId, paise);
    return { companyId, admin: await adminFor(t, companyId) };
  }

  it('passes balanced books and says which checks wait for pledges', async () => {
    const { companyId: mainId, admin } = await booksWithCapital(50_000_000);
    const res = await check(admin, mainId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ company_id: mainId, ok: true });
    expect(body.checks.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['Every voucher balances', 'ok'],
      ['Total debits equal total credits over the company', 'ok'],
      ['No manual voucher moves the accounts of pledges and payments', 'ok'],
      ['Pledge Loans Receivable (1200) equals the remaining principal of open pledges', 'ok'],
      ['No payment exceeds what was outstanding when it was made', 'ok'],
      ['The kept daily totals of each account equal its lines', 'ok'],
      ['Each receipt keeps the interest, principal and pledges of its payment rows', 'ok'],
      ['The kept daily figures of the branch equal its books, pledges and receipts', 'ok'],
      ['Renewal Clearing (1195) is 0', 'ok'],
      ['Auction Surplus Payable (2100) equals the surpluses owed to pawners', 'ok'],
      ['Auction Shortfall Receivable (1210) equals the open shortfalls', 'ok'],
      ['Bank Borrowings (2200) equals what is borrowed on articles at a bank', 'ok'],
      ['Each auction surplus or shortfall equals the sale price less the outstanding at the sale', 'ok'],
    ]);
    expect(body.checks[1].detail).toBe('Debits 500000.00, credits 500000.00.');
  });

  it('names the offending voucher when the books are broken', async () => {
    const { companyId: mainId, admin } = await booksWithCapital(50_000_000);
    const maduraiId = (await freshCompany(t)).id;
    await postCashToCapital(t.database.db, maduraiId, 1_000);
    await breakBooks(t.database.db, maduraiId, 'JV/2026-27/0999');
    const body = (await check(admin, maduraiId)).json();
    expect(body.ok).toBe(false);
    expect(body.checks[0]).toMatchObject({
      status: 'failed',
      detail: '1 voucher does not balance.',
      offending_count: 1,
      offending: [
        {
          voucher_number: 'JV/2026-27/0999',
          entry_date: '2026-10-02',
          lines: 1,
          debit: 50,
          credit: 0,
          total_amount: 50,
        },
      ],
    });
    expect(body.checks[1]).toMatchObject({ status: 'failed', detail: 'Debits 60.00, credits 10.00.' });
    // The other company's books are untouched.
    expect((await check(admin, mainId)).json().ok).toBe(true);
  });

  it('reports a kept daily total that differs from the lines, naming the account and day', async () => {
    const { companyId, admin } = await booksWithCapital(75_000);
    const kept = async () =>
      (await check(admin, companyId))
        .json()
        .checks.find((k: { name: string }) => k.name.startsWith('The kept daily'));
    expect(await kept()).toMatchObject({ status: 'ok' });
    // A total row corrupted (as only a broken database or a bulk load past the triggers could): cash
    // of 1 October one rupee more than its lines.
    await t.database.db.execute(sql`
      update account_day_totals t set debit = t.debit + 1
        from chart_accounts a
       where a.company_id = t.company_id and a.id = t.account_id
         and t.company_id = ${companyId} and a.account_code = '1000' and t.entry_date = '2026-10-01'`);
    const body = (await check(admin, companyId)).json();
    expect(body.ok).toBe(false);
    expect(await kept()).toMatchObject({
      status: 'failed',
      detail:
        "1 account day differs from the lines (1000 on 2026-10-01: kept 751.00 Dr 0.00 Cr, lines 750.00 Dr 0.00 Cr); the dashboard's balance and income read these totals.",
    });
    // A total row of a day without lines is reported too.
    await t.database.db.execute(sql`
      insert into account_day_totals (company_id, account_id, entry_date, debit, credit)
      select company_id, id, '2026-10-05', 0, 3 from chart_accounts
       where company_id = ${companyId} and account_code = '3000'`);
    expect((await kept()).detail).toMatch(
      /^2 account days differ from the lines .*3000 on 2026-10-05: kept 0.00 Dr 3.00 Cr, lines 0.00 Dr 0.00 Cr/,
    );
  });

  it('reports a kept daily figure or cash total that differs from the rows, naming the day', async () => {
    const { companyId, admin } = await booksWithCapital(75_000);
    const figures = async () =>
      (await check(admin, companyId))
        .json()
        .checks.find((k: { name: string }) => k.name.startsWith('The kept daily figures'));
    expect(await figures()).toMatchObject({ status: 'ok' });
    // Corrupted by hand (as only a broken database or a bulk load past the triggers could): a pledge
    // counted on 3 October, and the cash total one rupee short.
    await t.database.db.execute(sql`
      insert into branch_day_figures (entry_date, company_id, pledges) values ('2026-10-03', ${companyId}, 1)`);
    await t.database.db.execute(
      sql`update branch_cash_totals set cash = cash - 1 where company_id = ${companyId}`,
    );
    expect((await check(admin, companyId)).json().ok).toBe(false);
    expect(await figures()).toMatchObject({
      status: 'failed',
      detail:
        '2 kept figures differ from the rows (2026-10-03, the cash total); the dashboard of all branches reads them.',
    });
  });

  it('refuses a user with 403', async () => {
    const clerk = await userFor(t, (await freshCompany(t)).id);
    const res = await t.app.inject({ method: 'GET', url: '/api/books/check', headers: bearer(clerk.token) });
    expect(res.statusCode).toBe(403);
  });
});

describe('npm run check:books (apps/server/src/cli/check-books.ts)', () => {
  let database: Database;
  let dropDatabase = async () => {};
  let tmp: string | null = null;

  beforeAll(async () => {
    if (testDbKind === 'postgres') {
      const fresh = await freshDatabase();
      database = fresh.database;
      dropDatabase = fresh.drop;
    } else {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-books-'));
      database = { kind: 'pglite', dataDir: path.join(tmp, 'db') };
    }
  });
  afterAll(async () => {
    await dropDatabase();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const env = () =>
    database.kind === 'postgres'
      ? { DATABASE_URL: database.url }
      : { DATA_DIR: path.dirname(database.dataDir ?? ''), DATABASE_URL: '' };

  function runCli() {
    const e: NodeJS.ProcessEnv = { ...process.env, ...env() };
    if (!e.DATABASE_URL) delete e.DATABASE_URL;
    return spawnSync(process.execPath, ['--import', 'tsx', cli], {
      env: e,
      encoding: 'utf8',
      timeout: 60_000,
    });
  }

  async function withDb(work: (db: DbOrTx) => Promise<void>) {
    const opened = await openDb(database);
    try {
      await work(opened.db);
    } finally {
      await opened.close();
    }
  }

  it('prints each check and exits 0 on balanced books, then 1 naming the voucher when one does not balance', async () => {
    let companyId = 0;
    await withDb(async (db) => {
      const [c] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into companies (company_name) values ('Erode Branch') returning id`),
      );
      companyId = c!.id;
      await ensureSystemAccounts(db, companyId);
      await postCashToCapital(db, companyId, 12_345);
    });
    const good = runCli();
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain(`Erode Branch (company ${companyId}): OK`);
    expect(good.stdout).toContain('[ok    ] Every voucher balances.');
    expect(good.stdout).toContain('[ok    ] Pledge Loans Receivable (1200) equals the remaining principal');
    expect(good.stdout).toContain('The books are in order.');

    await withDb((db) => breakBooks(db, companyId, 'JV/2026-27/0999'));
    const bad = runCli();
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('[FAILED] Every voucher balances. 1 voucher does not balance.');
    expect(bad.stdout).toContain('JV/2026-27/0999 of 2026-10-02');
    expect(bad.stdout).toContain(
      '[FAILED] Total debits equal total credits over the company. Debits 173.45, credits 123.45.',
    );
    expect(bad.stdout).toContain('Problems found in 1 company.');
  }, 120_000);
});

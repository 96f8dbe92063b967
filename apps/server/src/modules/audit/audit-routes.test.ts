import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  type Actor,
  adminFor,
  customerFor,
  designFor,
  FIXTURE_PASSWORD,
  freshCompany,
  goldRateFor,
  jewelRateFor,
  jewelTypeFor,
  type PledgeMade,
  paymentFor,
  pledgeFor,
  schemeFor,
  uniqueName,
  userFor,
} from '../../test/fixtures.ts';
import { multipart, PNG_1PX } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { servedNoticeFor } from '../auctions/auctions-test-helpers.ts';
import { bankFor, moveToBank } from '../bank-repledges/bank-repledges-test-helpers.ts';
import { importLegacyFile } from '../legacy/legacy-import.ts';
import { writeCsvBytes } from '../legacy/legacy-test-files.ts';
import { bigPledge } from '../payments/payments-test-helpers.ts';

/**
 * The audit trail's promise: every write route of the API adds exactly one row to
 * `audit_events`, in the write's own transaction. Like the permission matrix, the first test reads the
 * route list, so a new write route without a recipe here fails it; each recipe then makes its route's
 * call succeed as a client would, on records of its own company, and the walk checks the one row the
 * call left, found by the request id the call sent.
 *
 * Runs without AUDIT_STRICT (a write that records nothing still answers 2xx), so a missing or doubled
 * row shows here as a count, route by route.
 */

let t: TestApp;
const legacyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-routes-legacy-'));

beforeAll(async () => {
  t = await createTestApp();
  // The old system's customers are read only and shared by every company: one import serves the file.
  const csv = path.join(legacyDir, 'old.csv');
  writeCsvBytes(csv, [
    ['pno', 'name', 'address', 'phoneno', 'mobile', 'cust_refno'],
    ['5001', 'LAKSHMI PERUMAL', '"NO.4, WEST MASI STREET, MADURAI 625001"', '', '9443055555', ''],
    ['5002', 'MURUGAN K.', 'KARUR', '', '9000012345', ''],
    ['5003', 'DEVI', 'DINDIGUL', '', '', ''],
  ]);
  await importLegacyFile(t.database.db, csv);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(legacyDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
type Res = Awaited<ReturnType<FastifyInstance['inject']>>;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const today = () => businessToday(t.config.businessTimeZone);

/**
 * Write routes that change nothing and so record nothing: they declare `config: { audit: false }`
 * (plugins/audit.ts), and the exemption test below checks each against a strict app.
 */
const EXEMPT: Record<string, { reason: string; call: (w: World) => Promise<ExemptCall> }> = {
  'POST /api/pledges/:id/renew/preview': {
    reason: 'a renewal preview: every figure of the renewal, nothing written',
    call: async (w) => {
      const p = await renewable(w);
      return { url: `/api/pledges/${p.pledge_id}/renew/preview`, payload: renewBody(p) };
    },
  },
};

interface ExemptCall {
  url: string;
  payload: object;
}

// ---------------------------------------------------------------------------------------------------
// The world of one walk: its own company and admin, and the one call that is checked.

interface WalkOptions {
  /** JSON body, or a multipart body made by `multipart`. */
  payload?: object | ReturnType<typeof multipart>;
  /** Who calls: the world's admin unless given; null for no one (a public route). */
  as?: Actor | null;
  /** The company the call acts for: the world's company unless given (or known only from the answer). */
  companyId?: number | ((res: Res) => number);
}

interface World {
  company: { id: number };
  admin: Actor;
  /** The admin's headers for the world's company (setup calls). */
  h: Headers;
  /** Makes the walked call (the route's method, `url`) with its own request id; it must answer 2xx. */
  walk(url: string, options?: WalkOptions): Promise<Res>;
}

interface Walked {
  requestId: string;
  companyId: number;
  status: number;
}

let requests = 0;
const newRequestId = () => {
  requests += 1;
  return `audit-walk-${process.pid}-${requests}-${randomBytes(4).toString('hex')}`;
};

const isMultipart = (p: WalkOptions['payload']): p is ReturnType<typeof multipart> =>
  !!p && 'payload' in p && Buffer.isBuffer((p as { payload: unknown }).payload);

function inject(
  app: FastifyInstance,
  method: string,
  url: string,
  headers: Headers,
  payload?: WalkOptions['payload'],
) {
  if (isMultipart(payload)) {
    return app.inject({
      method: method as 'POST',
      url,
      headers: { ...headers, ...payload.headers },
      payload: payload.payload,
    });
  }
  return app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload } : {}) });
}

async function makeWorld(key: string): Promise<{ world: World; walked: Walked[] }> {
  const [method] = key.split(' ') as [string, string];
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const walked: Walked[] = [];
  const world: World = {
    company,
    admin,
    h: admin.headers(),
    async walk(url, options = {}) {
      const requestId = newRequestId();
      const caller = options.as === undefined ? admin : options.as;
      const headers = { ...(caller ? caller.headers() : {}), 'x-request-id': requestId };
      const res = await inject(t.app, method, url, headers, options.payload);
      expect(res.statusCode, `${key}: ${res.statusCode} ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${key}: ${res.statusCode} ${res.body}`).toBeLessThan(300);
      const companyId =
        typeof options.companyId === 'function'
          ? options.companyId(res)
          : (options.companyId ?? caller?.companyId ?? company.id);
      walked.push({ requestId, companyId, status: res.statusCode });
      return res;
    },
  };
  return { world, walked };
}

interface AuditRow {
  company_id: number | null;
  route: string | null;
  action: string;
  entity: string;
}

async function auditRowsOf(requestId: string): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    await t.database.db.execute(sql`
      select company_id, route, action, entity from audit_events where request_id = ${requestId} order by id`),
  );
}

async function auditCountOf(companyId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from audit_events where company_id = ${companyId}`,
    ),
  );
  return row!.n;
}

/** A setup call (not checked): must answer 2xx; answers the JSON. */
async function setup<T = Record<string, unknown>>(
  headers: Headers,
  method: string,
  url: string,
  payload?: WalkOptions['payload'],
): Promise<T> {
  const res = await inject(t.app, method, url, headers, payload);
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw new Error(`setup ${method} ${url}: ${res.statusCode} ${res.body}`);
  }
  return res.body ? (res.json() as T) : ({} as T);
}

// ---------------------------------------------------------------------------------------------------
// Bodies and records the recipes share.

const account = (companyId: number, code: string, name = 'Rent') => ({
  account_name: name,
  account_code: code,
  account_type: 'Expense',
  account_category: 'Indirect Expenses',
  description: 'Shop rent, T. Nagar',
  status: true,
  company_id: companyId,
});

let bankAccounts = 0;
const bankBody = () => {
  bankAccounts += 1;
  return {
    bank_name: 'State Bank of India',
    account_holder_name: 'Sri Lakshmi Jewel Loans',
    account_number: `7${String(process.pid).slice(-4)}${String(bankAccounts).padStart(6, '0')}`,
    ifsc_code: 'SBIN0000817',
    branch_name: 'T. Nagar',
    account_type: 'Current',
    status: true,
  };
};

const branchBody = () => ({
  company_name: uniqueName('Coimbatore Branch'),
  address: '45 Oppanakara Street',
  city: 'Coimbatore',
  state: 'Tamil Nadu',
  phone: '0422 2390001',
  licence_no: 'TN-CBE-2026-003',
  status: true,
});

const customerBody = {
  customer_name: 'Lakshmi Narayanan',
  guardian_name: 'Narayanan K',
  mobile_number: '9840098765',
  door_no: '7A',
  street: 'Usman Road',
  location: 'T. Nagar',
  district: 'Chennai',
  pincode: '600017',
  status: true,
};

const schemeBody = (jewelTypeId: number) => ({
  jewel_type_id: jewelTypeId,
  scheme_name: uniqueName('Gold Loan'),
  short_name: 'GL',
  prefix: `Q${randomLetters(4)}`,
  duration_in_months: 12,
  interest_rate_per_month: 1.5,
  loan_eligibility_percentage: 75,
  slippage_percent: 0,
  status: true,
});

function randomLetters(n: number): string {
  return Array.from(randomBytes(n), (b) => String.fromCharCode(65 + (b % 26))).join('');
}

/** A manual Receipt voucher dated today: capital brought in (Dr 1000 Cash, Cr 3000 Capital). */
async function capitalBody(w: World, amount: number) {
  const options = await setup<{ account_id: number; account_code: string }[]>(w.h, 'GET', '/api/accounts');
  const id = (code: string) => options.find((o) => o.account_code === code)?.account_id;
  return {
    entry_date: today(),
    voucher_type: 'Receipt',
    narration: 'Capital brought in',
    details: [
      { account_id: id('1000'), debit_amount: amount, credit_amount: 0 },
      { account_id: id('3000'), debit_amount: 0, credit_amount: amount },
    ],
  };
}

/** A pledge of the world's company dated today (or `pledgeDate`), made by its admin. */
const pledgeOf = (w: World, pledgeDate = today()) =>
  pledgeFor(t, w.company.id, { actor: w.admin, body: { pledge_date: pledgeDate } });

/** The edit body of PUT /pledges/{id}/with-items that keeps every item and changes the remarks. */
function editBody(p: PledgeMade) {
  return {
    customer_id: p.customer_id,
    scheme_id: p.scheme_id,
    pledge_date: p.pledge_date,
    total_loan_amount: p.total_loan_amount,
    cash_limit_confirmed: true,
    document_charges: p.document_charges,
    status: p.status,
    is_move_to_bank: p.is_move_to_bank,
    remarks: 'Customer asked to hold',
    items: p.items.map((i) => ({
      pledge_item_id: i.pledge_item_id,
      action: 'keep' as const,
      jewell_design_id: i.jewell_design_id,
      gross_weight: i.gross_weight,
      net_weight: i.net_weight,
      jewell_condition: i.jewell_condition,
      remarks: i.remarks,
    })),
    delete_item_ids: [] as number[],
  };
}

/** A pledge of Rs. 1,00,000 forty days back, with a rate of Rs. 7,000/g from ten days back. */
async function renewable(w: World) {
  const p = await bigPledge(t, addDays(today(), -40), { companyId: w.company.id, actor: w.admin });
  await jewelRateFor(t, w.admin, p.jewelTypeId!, addDays(today(), -10), { rate_per_gram: 7000 });
  return p;
}

const renewBody = (p: PledgeMade) => ({
  renewal_date: today(),
  items: { keep: [{ pledge_item_id: p.items[0]!.pledge_item_id }] },
  total_loan_amount: 120000,
  document_charges: 100,
  payment_method: 'cash',
  cash_limit_confirmed: true,
});

/**
 * A pledge sold at auction `daysAgo` days back, for its outstanding plus `over` rupees (a surplus when
 * positive, a shortfall when negative): pledged 330 days before the sale, a notice served allowing the
 * sale from 30 days before it. Answers the sale.
 */
async function sold(w: World, daysAgo: number, over: number) {
  const lot = await lotWith(w, daysAgo);
  const entry = lot.entries[0]!;
  return setup<{ surplus_id: number | null; shortfall_id: number | null; shortfall: number }>(
    w.h,
    'POST',
    `/api/auctions/${lot.id}/sales`,
    saleBody(entry.pledge_id, lot.auction_date, entry.outstanding + over),
  );
}

/** A pledge with a notice served whose sale date has come (`daysAgo` days back at the latest). */
async function noticed(w: World, daysAgo = 5) {
  const saleOn = addDays(today(), -daysAgo);
  const p = await bigPledge(t, addDays(saleOn, -330), { companyId: w.company.id, actor: w.admin });
  await servedNoticeFor(t, w.company.id, p.pledge_id, {
    noticeDate: addDays(saleOn, -60),
    saleAfter: addDays(saleOn, -30),
  });
  return p;
}

const lotBody = (auctionDate: string, pledgeIds: number[]) => ({
  auction_date: auctionDate,
  venue: 'Shop premises, 12 West Masi Street',
  auctioneer: 'K. Raman',
  pledge_ids: pledgeIds,
});

async function lotWith(w: World, daysAgo = 5) {
  const p = await noticed(w, daysAgo);
  const auctionDate = addDays(today(), -daysAgo);
  const lot = await setup<{ id: number; entries: { pledge_id: number; outstanding: number }[] }>(
    w.h,
    'POST',
    '/api/auctions',
    lotBody(auctionDate, [p.pledge_id]),
  );
  return { ...lot, auction_date: auctionDate };
}

const saleBody = (pledgeId: number, saleDate: string, price: number) => ({
  pledge_id: pledgeId,
  sale_date: saleDate,
  auctioneer: 'K. Raman',
  buyer_name: 'Sri Murugan Jewellers',
  buyer_address: '4 South Avani Moola Street, Madurai',
  sale_price: price,
  payment_method: 'bank_transfer',
  payment_reference: 'UTR123',
});

/** A one-month scheme's pledge of the world's company, `daysAgo` days back (overdue after a month). */
async function shortPledge(w: World, daysAgo: number) {
  const jewelTypeId = (await jewelTypeFor(t, w.admin)).id;
  const schemeId = (await schemeFor(t, w.admin, jewelTypeId, { duration_in_months: 1 })).id;
  return pledgeFor(t, w.company.id, {
    actor: w.admin,
    schemeId,
    jewelTypeId,
    body: { pledge_date: addDays(today(), -daysAgo) },
  });
}

/** A notice before sale of the world's company (a batch of one), dated today. */
async function notice(w: World) {
  const p = await shortPledge(w, 70);
  const made = await setup<{ batch_id: number; notices: { id: number }[] }>(w.h, 'POST', '/api/notices', {
    pledge_ids: [p.pledge_id],
  });
  return { batchId: made.batch_id, noticeId: made.notices[0]!.id };
}

/** A pledge closed by full payment ten days back, made thirty days back. */
async function closedPledge(w: World) {
  const p = await pledgeOf(w, addDays(today(), -30));
  await paymentFor(t, w.company.id, p, { payment_type: 'full_payment', payment_date: addDays(today(), -10) });
  return p;
}

const photoUrl = (p: PledgeMade) => `/api/pledges/${p.pledge_id}/items/${p.items[0]!.pledge_item_id}/photo`;
const png = (filename: string) => multipart('file', filename, 'image/png', PNG_1PX);

// ---------------------------------------------------------------------------------------------------
// One recipe per write route: the walked call succeeds, on records the recipe makes first.

type Recipe = (w: World) => Promise<unknown>;

const RECIPES: Record<string, Recipe> = {
  // Backups (a whole backup, written into the test's folder and checked)
  'POST /api/system/backups': (w) => w.walk('/api/system/backups', { payload: {} }),
  // Chart of accounts
  'POST /api/chart-of-accounts/': (w) =>
    w.walk('/api/chart-of-accounts/', { payload: account(w.company.id, '6100') }),
  'PUT /api/chart-of-accounts/:id': async (w) => {
    const made = await setup<{ id: number }>(
      w.h,
      'POST',
      '/api/chart-of-accounts/',
      account(w.company.id, '6100'),
    );
    return w.walk(`/api/chart-of-accounts/${made.id}`, {
      payload: account(w.company.id, '6100', 'Rent and Rates'),
    });
  },
  'DELETE /api/chart-of-accounts/:id': async (w) => {
    const made = await setup<{ id: number }>(
      w.h,
      'POST',
      '/api/chart-of-accounts/',
      account(w.company.id, '7100'),
    );
    return w.walk(`/api/chart-of-accounts/${made.id}`);
  },

  // Auctions
  'POST /api/auctions': async (w) => {
    const p = await noticed(w);
    return w.walk('/api/auctions', { payload: lotBody(addDays(today(), -5), [p.pledge_id]) });
  },
  'POST /api/auctions/:id/withdraw': async (w) => {
    const lot = await lotWith(w);
    return w.walk(`/api/auctions/${lot.id}/withdraw`, {
      payload: { pledge_id: lot.entries[0]!.pledge_id, reason: 'Pawner paid' },
    });
  },
  'POST /api/auctions/:id/sales': async (w) => {
    const lot = await lotWith(w);
    const entry = lot.entries[0]!;
    return w.walk(`/api/auctions/${lot.id}/sales`, {
      payload: saleBody(entry.pledge_id, lot.auction_date, entry.outstanding + 2500),
    });
  },
  'POST /api/auction-surpluses/:id/pay': async (w) => {
    const sale = await sold(w, 5, 2500);
    return w.walk(`/api/auction-surpluses/${sale.surplus_id}/pay`, {
      payload: { paid_on: today(), method: 'cash', cash_limit_confirmed: true },
    });
  },
  'POST /api/auction-surpluses/:id/deposit': async (w) => {
    // Unclaimed past the holding period (six months after the sale).
    const sale = await sold(w, 200, 1000);
    return w.walk(`/api/auction-surpluses/${sale.surplus_id}/deposit`, {
      payload: { deposited_on: today(), reference: 'CHALLAN-7' },
    });
  },
  'POST /api/auction-shortfalls/:id/collect': async (w) => {
    const sale = await sold(w, 5, -10000);
    return w.walk(`/api/auction-shortfalls/${sale.shortfall_id}/collect`, {
      payload: { on: today(), amount: 5000, method: 'cash' },
    });
  },
  'POST /api/auction-shortfalls/:id/write-off': async (w) => {
    const sale = await sold(w, 5, -10000);
    return w.walk(`/api/auction-shortfalls/${sale.shortfall_id}/write-off`, {
      payload: { on: today(), amount: sale.shortfall, reason: 'Pawner cannot be traced' },
    });
  },

  // Sign-in and sign-out
  'POST /api/auth/login': async (w) => {
    const clerk = await userFor(t, w.company.id);
    return w.walk('/api/auth/login', {
      as: null,
      payload: { username: clerk.username, password: FIXTURE_PASSWORD },
    });
  },
  'POST /api/auth/logout': async (w) => {
    // A user of its own, signed in for this: the session it ends is no one else's.
    const clerk = await userFor(t, w.company.id);
    return w.walk('/api/auth/logout', { as: clerk });
  },

  // Re-pledge with a bank
  'POST /api/pledges/:id/move-to-bank': async (w) => {
    const p = await bigPledge(t, addDays(today(), -60), { companyId: w.company.id, actor: w.admin });
    const bank = await bankFor(t, w.admin);
    return w.walk(`/api/pledges/${p.pledge_id}/move-to-bank`, {
      payload: {
        bank_id: bank.id,
        pledged_on: addDays(today(), -30),
        amount_borrowed: 60000,
        bank_reference: 'IB/GL/0042',
        received_by: 'bank',
      },
    });
  },
  'POST /api/pledges/:id/return-from-bank': async (w) => {
    const p = await bigPledge(t, addDays(today(), -60), { companyId: w.company.id, actor: w.admin });
    const bank = await bankFor(t, w.admin);
    const moved = await moveToBank(t, w.h, p.pledge_id, {
      bank_id: bank.id,
      pledged_on: addDays(today(), -30),
      amount_borrowed: 60000,
      bank_reference: 'IB/GL/0043',
      received_by: 'bank',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    return w.walk(`/api/pledges/${p.pledge_id}/return-from-bank`, {
      payload: { returned_on: today(), bank_interest: 742.5, paid_by: 'bank', return_reference: 'IB/REL/9' },
    });
  },

  // Bank masters
  'POST /api/bank-details/': (w) => w.walk('/api/bank-details/', { payload: bankBody() }),
  'PUT /api/bank-details/:id': async (w) => {
    const body = bankBody();
    const made = await setup<{ id: number }>(w.h, 'POST', '/api/bank-details/', body);
    return w.walk(`/api/bank-details/${made.id}`, { payload: { ...body, branch_name: 'Mylapore' } });
  },
  'DELETE /api/bank-details/:id': async (w) => {
    const made = await setup<{ id: number }>(w.h, 'POST', '/api/bank-details/', bankBody());
    return w.walk(`/api/bank-details/${made.id}`);
  },

  // The branch's day
  'POST /api/cash-drawer/open': (w) =>
    w.walk('/api/cash-drawer/open', { payload: { denominations: { '500': 4, coins: 0 }, remarks: 'Float' } }),
  'POST /api/cash-drawer/close': async (w) => {
    await setup(w.h, 'POST', '/api/cash-drawer/open', { denominations: { '500': 4, coins: 0 } });
    return w.walk('/api/cash-drawer/close', { payload: { denominations: { '500': 4, coins: 0 } } });
  },
  'POST /api/days/:date/close': (w) =>
    w.walk(`/api/days/${today()}/close`, { payload: { remarks: 'All drawers counted' } }),
  'POST /api/days/:date/reopen': async (w) => {
    await setup(w.h, 'POST', `/api/days/${today()}/close`, {});
    return w.walk(`/api/days/${today()}/reopen`, { payload: { reason: 'A receipt was left out' } });
  },

  // Companies (branches) and their settings
  'POST /api/companies/': (w) =>
    // A branch's opening goes in the new branch's own trail.
    w.walk('/api/companies/', { payload: branchBody(), companyId: (res) => res.json().id }),
  'PUT /api/companies/:id': (w) =>
    w.walk(`/api/companies/${w.company.id}`, { payload: { ...branchBody(), city: 'Madurai' } }),
  'POST /api/companies/:id/upload-logo': (w) =>
    w.walk(`/api/companies/${w.company.id}/upload-logo`, { payload: png('logo.png') }),
  'PUT /api/companies/:id/cash-settings': (w) =>
    w.walk(`/api/companies/${w.company.id}/cash-settings`, {
      payload: { cash_limit: 19999.5, cash_limit_mode: 'block' },
    }),
  'PUT /api/companies/:id/end-of-pledge-settings': (w) =>
    w.walk(`/api/companies/${w.company.id}/end-of-pledge-settings`, {
      payload: {
        overdue_grace_days: 15,
        release_wait_working_days: 5,
        notice_wait_days: 21,
        surplus_hold_months: 6,
      },
    }),

  'PUT /api/companies/:id/language': (w) =>
    w.walk(`/api/companies/${w.company.id}/language`, { payload: { default_language: 'ta' } }),

  'PUT /api/companies/:id/compliance': (w) =>
    w.walk(`/api/companies/${w.company.id}/compliance`, {
      payload: {
        regime: 'tn_pawnbroker',
        licence_number: 'TN/MDU/PB/123',
        licence_expiry: addDays(today(), 200),
        interest_ceiling: 2,
        cash_limit: 20000,
        cash_limit_mode: 'warn',
        approval_threshold: 0,
      },
    }),

  // Customers
  'POST /api/customers/': (w) => w.walk('/api/customers/', { payload: customerBody }),
  'PUT /api/customers/:id': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}`, {
      payload: { ...customerBody, customer_name: 'Ravi Shankar K', district: 'Coimbatore' },
    });
  },
  'DELETE /api/customers/:id': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}`);
  },
  'POST /api/customers/:id/upload-id-proof': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}/upload-id-proof`, { payload: png('aadhaar.png') });
  },

  // A customer's KYC
  'POST /api/customers/:id/id-documents': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}/id-documents`, {
      payload: { kind: 'voter_id', number: 'TNV1234567' },
    });
  },
  'DELETE /api/customers/:id/id-documents/:documentId': async (w) => {
    const c = await customerFor(t, w.admin);
    const doc = await setup<{ id: number }>(w.h, 'POST', `/api/customers/${c.id}/id-documents`, {
      kind: 'voter_id',
      number: 'TNV1234567',
    });
    return w.walk(`/api/customers/${c.id}/id-documents/${doc.id}`);
  },
  'POST /api/customers/:id/id-documents/:documentId/image': async (w) => {
    const c = await customerFor(t, w.admin);
    const doc = await setup<{ id: number }>(w.h, 'POST', `/api/customers/${c.id}/id-documents`, {
      kind: 'voter_id',
      number: 'TNV1234567',
    });
    return w.walk(`/api/customers/${c.id}/id-documents/${doc.id}/image?side=front`, {
      payload: png('front.png'),
    });
  },
  'DELETE /api/customers/:id/id-documents/:documentId/image': async (w) => {
    const c = await customerFor(t, w.admin);
    const doc = await setup<{ id: number }>(w.h, 'POST', `/api/customers/${c.id}/id-documents`, {
      kind: 'voter_id',
      number: 'TNV1234567',
    });
    const url = `/api/customers/${c.id}/id-documents/${doc.id}/image?side=back`;
    await setup(w.h, 'POST', url, png('back.png'));
    return w.walk(url);
  },
  'POST /api/customers/:id/photo': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}/photo`, { payload: png('face.png') });
  },
  'DELETE /api/customers/:id/photo': async (w) => {
    const c = await customerFor(t, w.admin);
    await setup(w.h, 'POST', `/api/customers/${c.id}/photo`, png('face.png'));
    return w.walk(`/api/customers/${c.id}/photo`);
  },
  'PUT /api/customers/:id/nominee': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}/nominee`, { payload: { name: 'Selvi', relation: 'Wife' } });
  },
  'DELETE /api/customers/:id/nominee': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}/nominee`);
  },
  'PUT /api/customers/:id/form60': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}/form60`, { payload: { declared_on: '2026-11-20' } });
  },
  'DELETE /api/customers/:id/form60': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}/form60`);
  },
  'POST /api/customers/:id/id-proof-reviewed': async (w) => {
    const c = await customerFor(t, w.admin);
    return w.walk(`/api/customers/${c.id}/id-proof-reviewed`);
  },

  // Manual vouchers
  'POST /api/daybook-entries': async (w) =>
    w.walk('/api/daybook-entries', { payload: await capitalBody(w, 50000) }),
  'PUT /api/daybook-entries/:entry_id': async (w) => {
    const made = await setup<{ entry_id: number }>(
      w.h,
      'POST',
      '/api/daybook-entries',
      await capitalBody(w, 50000),
    );
    return w.walk(`/api/daybook-entries/${made.entry_id}`, { payload: await capitalBody(w, 60000) });
  },
  'DELETE /api/daybook-entries/:entry_id': async (w) => {
    const made = await setup<{ entry_id: number }>(
      w.h,
      'POST',
      '/api/daybook-entries',
      await capitalBody(w, 50000),
    );
    return w.walk(`/api/daybook-entries/${made.entry_id}`);
  },

  // Jewel designs, types and rates
  'POST /api/jewell_designs/': (w) =>
    w.walk('/api/jewell_designs/', { payload: { design_name: uniqueName('Kasu Mala') } }),
  'POST /api/jewel-rates/': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    return w.walk('/api/jewel-rates/', {
      payload: {
        jewel_type_id: type.id,
        rate_per_gram: 6850,
        market_price: 7200,
        selling_price: 7350,
        effective_date: today(),
      },
    });
  },
  'PUT /api/jewel-rates/:id': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    const rate = await jewelRateFor(t, w.admin, type.id, today());
    return w.walk(`/api/jewel-rates/${rate.id}`, {
      payload: { jewel_type_id: type.id, rate_per_gram: 5600, market_price: 5800, selling_price: 5900 },
    });
  },
  'DELETE /api/jewel-rates/:id': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    const rate = await jewelRateFor(t, w.admin, type.id, today());
    return w.walk(`/api/jewel-rates/${rate.id}`);
  },
  'POST /api/jewel-types/': (w) =>
    w.walk('/api/jewel-types/', { payload: { jewel_name: uniqueName('Gold'), purity: '22K', status: true } }),
  'PUT /api/jewel-types/:id': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    return w.walk(`/api/jewel-types/${type.id}`, {
      payload: { jewel_name: uniqueName('Gold Bangle'), description: 'Pair', purity: '916', status: false },
    });
  },
  'DELETE /api/jewel-types/:id': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    return w.walk(`/api/jewel-types/${type.id}`);
  },

  // The old system's customers
  'POST /api/legacy/customers/:pno/migrate': (w) => w.walk('/api/legacy/customers/5001/migrate'),
  'POST /api/legacy/customers/migrate': (w) =>
    w.walk('/api/legacy/customers/migrate', { payload: { pnos: ['5002', '5003'] } }),

  // Notices before sale and reminders
  'POST /api/notices': async (w) => {
    const p = await shortPledge(w, 70);
    return w.walk('/api/notices', { payload: { pledge_ids: [p.pledge_id] } });
  },
  'PATCH /api/notices/:id': async (w) => {
    const { noticeId } = await notice(w);
    return w.walk(`/api/notices/${noticeId}`, {
      payload: { sent_on: today(), tracking_no: 'RK123456789IN' },
    });
  },
  'POST /api/notices/:id/prints': async (w) => {
    const { noticeId } = await notice(w);
    return w.walk(`/api/notices/${noticeId}/prints`, { payload: {} });
  },
  'POST /api/notice-batches/:id/prints': async (w) => {
    const { batchId } = await notice(w);
    return w.walk(`/api/notice-batches/${batchId}/prints`, { payload: {} });
  },
  'POST /api/reminders': async (w) => {
    const p = await shortPledge(w, 20);
    return w.walk('/api/reminders', {
      payload: { pledge_id: p.pledge_id, channel: 'whatsapp', note: 'sent' },
    });
  },

  // Payments, receipts and their reversal
  'POST /api/receipts/:id/prints': async (w) => {
    const p = await pledgeOf(w);
    const paid = await paymentFor(t, w.company.id, p, { payment_type: 'partial_principal', amount: 1000 });
    return w.walk(`/api/receipts/${paid.receipt_id}/prints`);
  },
  'POST /api/pledge-payments/:id/reverse': async (w) => {
    const p = await pledgeOf(w);
    const paid = await paymentFor(t, w.company.id, p, { payment_type: 'partial_principal', amount: 1000 });
    return w.walk(`/api/pledge-payments/${paid.payment_id}/reverse`, {
      payload: { reason: 'Entered on the wrong pledge' },
    });
  },
  'POST /api/pledge-payments/': async (w) => {
    const p = await pledgeOf(w);
    return w.walk('/api/pledge-payments/', { payload: singlePayment(p.pledge_id) });
  },
  'POST /api/pledges/payment': async (w) => {
    const p = await pledgeOf(w);
    return w.walk('/api/pledges/payment', { payload: singlePayment(p.pledge_id) });
  },
  'POST /api/customers/:id/multiple-pledge-payment': async (w) => {
    const p = await pledgeOf(w);
    const q = await pledgeFor(t, w.company.id, {
      actor: w.admin,
      customerId: p.customer_id,
      schemeId: p.scheme_id,
      skipRate: true,
      designId: p.designId,
    });
    return w.walk(`/api/customers/${p.customer_id}/multiple-pledge-payment`, {
      payload: {
        customer_id: p.customer_id,
        total_payment_amount: 3000,
        payment_method: 'cash',
        payment_date: today(),
        cash_limit_confirmed: true,
        pledge_payments: [
          { pledge_id: p.pledge_id, payment_amount: 1000 },
          { pledge_id: q.pledge_id, payment_amount: 2000 },
        ],
      },
    });
  },

  // A pledge's article photos and ticket
  'PUT /api/pledges/:id/items/:itemId/photo': async (w) => {
    const p = await pledgeOf(w);
    return w.walk(photoUrl(p), { payload: png('chain.png') });
  },
  'DELETE /api/pledges/:id/items/:itemId/photo': async (w) => {
    const p = await pledgeOf(w);
    await setup(w.h, 'PUT', photoUrl(p), png('chain.png'));
    return w.walk(photoUrl(p));
  },
  'POST /api/pledges/:id/ticket-prints': async (w) => {
    const p = await pledgeOf(w);
    return w.walk(`/api/pledges/${p.pledge_id}/ticket-prints`);
  },

  // Pledges
  'POST /api/pledges/with-items': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    const scheme = await schemeFor(t, w.admin, type.id);
    await jewelRateFor(t, w.admin, type.id, today(), { rate_per_gram: 6000 });
    const customer = await customerFor(t, w.admin);
    const design = await designFor(t, w.admin);
    return w.walk('/api/pledges/with-items', {
      payload: {
        customer_id: customer.id,
        scheme_id: scheme.id,
        pledge_date: today(),
        total_loan_amount: 40000,
        document_charges: 100,
        cash_limit_confirmed: true,
        items: [{ jewell_design_id: design.id, gross_weight: 10.5, net_weight: 10 }],
      },
    });
  },
  'PUT /api/pledges/:id/with-items': async (w) => {
    const p = await pledgeOf(w);
    return w.walk(`/api/pledges/${p.pledge_id}/with-items`, { payload: editBody(p) });
  },

  // Gold and silver rates of the day
  'POST /api/gold_silver_rates': (w) =>
    w.walk('/api/gold_silver_rates', {
      payload: { date: today(), gold_rate_per_gram: 7500, silver_rate_per_gram: 95 },
    }),
  'PUT /api/gold_silver_rates/:id': async (w) => {
    const rate = await goldRateFor(t, w.admin, today());
    return w.walk(`/api/gold_silver_rates/${rate.id}`, {
      payload: { gold_rate_per_gram: 7010.75, silver_rate_per_gram: 88.25 },
    });
  },
  'DELETE /api/gold_silver_rates/:id': async (w) => {
    const rate = await goldRateFor(t, w.admin, today());
    return w.walk(`/api/gold_silver_rates/${rate.id}`);
  },

  // Releases
  'POST /api/pledges/:id/release': async (w) => {
    const p = await closedPledge(w);
    return w.walk(`/api/pledges/${p.pledge_id}/release`, {
      payload: { receiver_kind: 'pawner', receiver_id_proof: 'Aadhaar 1234' },
    });
  },
  'POST /api/pledges/:id/release/slip-prints': async (w) => {
    const p = await closedPledge(w);
    await setup(w.h, 'POST', `/api/pledges/${p.pledge_id}/release`, { receiver_kind: 'pawner' });
    return w.walk(`/api/pledges/${p.pledge_id}/release/slip-prints`, { payload: {} });
  },

  // Renewal
  'POST /api/pledges/:id/renew': async (w) => {
    const p = await renewable(w);
    return w.walk(`/api/pledges/${p.pledge_id}/renew`, { payload: renewBody(p) });
  },

  // Schemes
  'POST /api/schemes/': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    return w.walk('/api/schemes/', { payload: schemeBody(type.id) });
  },
  'PUT /api/schemes/:id': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    const body = schemeBody(type.id);
    const made = await setup<{ id: number }>(w.h, 'POST', '/api/schemes/', body);
    return w.walk(`/api/schemes/${made.id}`, { payload: { ...body, interest_rate_per_month: 1.75 } });
  },
  'DELETE /api/schemes/:id': async (w) => {
    const type = await jewelTypeFor(t, w.admin);
    const scheme = await schemeFor(t, w.admin, type.id);
    return w.walk(`/api/schemes/${scheme.id}`);
  },

  // Users
  'POST /api/users/': (w) => {
    const username = uniqueName('murugan');
    return w.walk('/api/users/', {
      payload: { username, email: `${username}@example.com`, role: 'user', password: 'abcd1234' },
    });
  },
  'PUT /api/users/:id': async (w) => {
    const clerk = await userFor(t, w.company.id);
    return w.walk(`/api/users/${clerk.userId}`, {
      payload: { username: clerk.username, email: `${clerk.username}.r@example.com`, role: 'user' },
    });
  },
  'PUT /api/users/me/language': async (w) => {
    const clerk = await userFor(t, w.company.id);
    return w.walk('/api/users/me/language', { as: clerk, payload: { language: 'ta' } });
  },
  'DELETE /api/users/:id': async (w) => {
    const clerk = await userFor(t, w.company.id);
    return w.walk(`/api/users/${clerk.userId}`);
  },
};

function singlePayment(pledgeId: number) {
  return {
    pledge_id: pledgeId,
    payment_date: today(),
    payment_type: 'partial_principal',
    amount: 1000,
    payment_method: 'cash',
    cash_limit_confirmed: true,
  };
}

// ---------------------------------------------------------------------------------------------------

/** Every write route under /api, as `METHOD /url` (the API reference's own routes left out). */
function writeRoutes(): string[] {
  return [...t.app.routeAccess().keys()]
    .filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return WRITE_METHODS.has(method) && url.startsWith('/api') && !url.startsWith('/api/docs');
    })
    .sort();
}

describe('the audit recipe table', () => {
  it('covers every write route, names none that does not exist, and exempts only the listed ones', () => {
    const routes = writeRoutes();
    const covered = [...Object.keys(RECIPES), ...Object.keys(EXEMPT)];
    expect(
      routes.filter((key) => !covered.includes(key)),
      'write routes without a recipe',
    ).toEqual([]);
    expect(
      covered.filter((key) => !routes.includes(key)),
      'recipes for routes that do not exist',
    ).toEqual([]);
    expect(Object.keys(RECIPES).filter((key) => key in EXEMPT)).toEqual([]);
  });

  it.each(Object.keys(EXEMPT))('exempts %s: it declares audit false and changes nothing', async (key) => {
    const { world } = await makeWorld(key);
    const [method] = key.split(' ') as [string, string];
    const call = await EXEMPT[key]!.call(world);
    const before = await auditCountOf(world.company.id);
    const requestId = newRequestId();
    const res = await inject(
      t.app,
      method,
      call.url,
      { ...world.h, 'x-request-id': requestId },
      call.payload,
    );
    expect(res.statusCode, `${key} (${EXEMPT[key]!.reason}): ${res.body}`).toBe(200);
    expect(await auditRowsOf(requestId)).toEqual([]);
    expect(await auditCountOf(world.company.id)).toBe(before);
    // A strict app (plugins/audit.ts) fails a 2xx write without its row unless it says `audit: false`.
    const strict = await buildApp(t.config, { logger: false, database: t.database, auditStrict: true });
    try {
      await strict.ready();
      const again = await inject(strict, method, call.url, world.h, call.payload);
      expect(again.statusCode, `${key} on a strict app: ${again.body}`).toBe(200);
      expect(again.json()).toEqual(res.json());
    } finally {
      await strict.close();
    }
    expect(await auditCountOf(world.company.id)).toBe(before);
  });
});

describe('every write route adds exactly one audit row', () => {
  it.each(Object.keys(RECIPES))(
    '%s',
    async (key) => {
      const { world, walked } = await makeWorld(key);
      await RECIPES[key]!(world);
      expect(walked, `${key}: the recipe must walk exactly one call`).toHaveLength(1);
      const { requestId, companyId } = walked[0]!;
      const rows = await auditRowsOf(requestId);
      expect(rows.length, `${key} recorded ${rows.length} audit rows, not 1`).toBe(1);
      const [row] = rows;
      expect(row!.route, key).toBe(key);
      expect(row!.company_id, key).toBe(companyId);
      expect(row!.action.trim(), key).not.toBe('');
      expect(row!.entity.trim(), key).not.toBe('');
      // A whole backup of the test's database (POST /api/system/backups, written and checked) took 30 s
      // on PGlite beside a busy machine; the others take a second or two.
    },
    90_000,
  );
});

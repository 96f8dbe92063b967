/**
 * Per-test data, so every server test stands alone (docs/decisions.md, "The test system and CI"):
 * one app per file (starting one runs the migrations), but each test makes its own company and its
 * own uniquely named users, and asserts only about those.
 */
import {
  businessToday,
  type CreatePledgeFormInput,
  createPledgeSchema,
  type PledgePaymentInput,
  type PledgePaymentSaved,
  type PledgeSaved,
  paiseToRupees,
  pledgePaymentSchema,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { bootstrapDatabase } from '../bootstrap.ts';
import { ensureSystemAccounts } from '../modules/accounts/system-accounts.ts';
import { type CompanyRow, insertCompany } from '../modules/companies/companies.repository.ts';
import { loadFileLinks } from '../modules/files/file-links.ts';
import { readPledgeBalance } from '../modules/payments/payment-reads.service.ts';
import { takeSinglePayment } from '../modules/payments/payment-single.service.ts';
import { createPledge } from '../modules/pledges/pledge-create.service.ts';
import { toPledgeView } from '../modules/pledges/pledge-view.ts';
import { findPledgeItems, findPledgeSummary } from '../modules/pledges/pledges.repository.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { ADMIN_PASSWORD, bearer, login, type TestApp, testPasswordHash } from './test-app.ts';

/** The password of every user the fixtures make. */
export const FIXTURE_PASSWORD = 'fixture-pass-1';

let counter = 0;
/** A name no other test of this process uses: `prefix` and a running number (and the process id). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

// Every fixture user shares the one password, hashed cheaply (testPasswordHash) and once.
let passwordHash: Promise<string> | undefined;
const fixtureHash = () => {
  passwordHash ??= testPasswordHash(FIXTURE_PASSWORD);
  return passwordHash;
};

/**
 * A new company (branch) with the system accounts of docs/domain-rules.md §6.1, made in one transaction as
 * POST /api/companies makes it. Its name is unique unless `input.company_name` is given.
 */
export async function freshCompany(
  t: TestApp,
  input: Partial<Parameters<typeof insertCompany>[1]> = {},
): Promise<CompanyRow> {
  return t.database.db.transaction(async (tx) => {
    const company = await insertCompany(tx, {
      company_name: uniqueName('Branch'),
      address: '12 West Masi Street',
      city: 'Madurai',
      state: 'Tamil Nadu',
      phone: '0452 2345678',
      licence_no: 'TN-MDU-2026-002',
      status: true,
      ...input,
    });
    await ensureSystemAccounts(tx, company.id);
    return company;
  });
}

/** A signed-in user, with the headers that send its token and name its company. */
export interface Actor {
  userId: number;
  username: string;
  companyId: number;
  token: string;
  /** Bearer token and X-Company-Id of `companyId` (or of another company given here). */
  headers(companyId?: number): Record<string, string>;
}

/** A new, signed-in user of `companyId` with a unique name (role `user` unless told). */
export async function userFor(
  t: TestApp,
  companyId: number,
  options: { role?: 'admin' | 'user'; username?: string } = {},
): Promise<Actor> {
  const role = options.role ?? 'user';
  const username = options.username ?? uniqueName(role === 'admin' ? 'admin' : 'clerk');
  const passwordHash = await fixtureHash();
  const user = await t.database.db.transaction((tx) =>
    insertUser(tx, { companyId, username, email: `${username}@example.com`, role, passwordHash }),
  );
  const token = await login(t.app, username, FIXTURE_PASSWORD);
  return {
    userId: user.id,
    username,
    companyId,
    token,
    headers: (id = companyId) => ({ ...bearer(token), 'x-company-id': String(id) }),
  };
}

/** A new, signed-in admin whose own company is `companyId`. */
export function adminFor(t: TestApp, companyId: number): Promise<Actor> {
  return userFor(t, companyId, { role: 'admin' });
}

/**
 * Empties the database back to what a first start makes (Main Branch, its system accounts and
 * `admin` with ADMIN_PASSWORD), for tests about rules that span every company, such as "the last
 * admin". Every company and all it owns goes (cascade), and the sign-in throttle; the legacy store
 * and the app settings (the file-link secret the running app holds) stay.
 */
export async function emptyDatabase(t: TestApp): Promise<void> {
  await t.database.db.execute(
    sql`truncate companies, login_throttle, account_day_pending, branch_day_pending cascade`,
  );
  await bootstrapDatabase(t.database.db, ADMIN_PASSWORD);
}

// Builders: each makes one record through the API, as a clerk's screen would, with values that are
// unique where the API demands it; `overrides` are the fields of the request body to change.

async function postAs<T>(t: TestApp, actor: Actor, url: string, payload: object): Promise<T> {
  const res = await t.app.inject({ method: 'POST', url, headers: actor.headers(), payload });
  if (res.statusCode !== 201) throw new Error(`POST ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Letters only (scheme prefixes take no digits): a, b, … z, ba, bb, … */
function uniqueLetters(): string {
  counter += 1;
  let n = counter;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

/** A customer of the actor's company (its code is the company's next). */
export function customerFor(t: TestApp, actor: Actor, overrides: object = {}) {
  return postAs<{ id: number; acc_code: string; customer_name: string }>(t, actor, '/api/customers/', {
    customer_name: 'Lakshmi Narayanan',
    guardian_name: 'Narayanan K',
    mobile_number: '9840098765',
    door_no: '7A',
    street: 'Usman Road',
    location: 'T. Nagar',
    district: 'Chennai',
    pincode: '600017',
    status: true,
    ...overrides,
  });
}

/** A jewel type of the actor's company, 22K gold unless told. */
export function jewelTypeFor(t: TestApp, actor: Actor, overrides: object = {}) {
  return postAs<{ id: number; jewel_name: string }>(t, actor, '/api/jewel-types/', {
    jewel_name: uniqueName('Gold'),
    purity: '22K',
    status: true,
    ...overrides,
  });
}

/** A 12-month scheme at 1.5 % a month lending 75 %, on the given jewel type. */
export function schemeFor(t: TestApp, actor: Actor, jewelTypeId: number, overrides: object = {}) {
  return postAs<{ id: number; scheme_name: string; prefix: string }>(t, actor, '/api/schemes/', {
    jewel_type_id: jewelTypeId,
    scheme_name: uniqueName('Gold Loan'),
    short_name: 'GL',
    prefix: uniqueLetters(),
    duration_in_months: 12,
    interest_rate_per_month: 1.5,
    loan_eligibility_percentage: 75,
    slippage_percent: 0,
    status: true,
    ...overrides,
  });
}

/** The gold and silver rates of one day (a company has one rate a day). */
export function goldRateFor(t: TestApp, actor: Actor, date: string, overrides: object = {}) {
  return postAs<{ id: number; date: string }>(t, actor, '/api/gold_silver_rates', {
    date,
    gold_rate_per_gram: 7500,
    silver_rate_per_gram: 95,
    ...overrides,
  });
}

/** A rate per gram of a jewel type, effective on `date`. */
export function jewelRateFor(
  t: TestApp,
  actor: Actor,
  jewelTypeId: number,
  date: string,
  overrides: object = {},
) {
  return postAs<{ id: number; effective_date: string }>(t, actor, '/api/jewel-rates/', {
    jewel_type_id: jewelTypeId,
    rate_per_gram: 6850,
    market_price: 7200,
    selling_price: 7350,
    effective_date: date,
    ...overrides,
  });
}

/** A manual Receipt voucher: capital brought in as cash (Dr 1000 Cash in Hand, Cr 3000 Capital). */
export async function capitalVoucherFor(t: TestApp, actor: Actor, entryDate: string, amount: number) {
  const res = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: actor.headers() });
  const options = res.json() as { account_id: number; account_code: string }[];
  const id = (code: string) => options.find((o) => o.account_code === code)?.account_id;
  return postAs<{ entry_id: number; voucher_number: string }>(t, actor, '/api/daybook-entries', {
    entry_date: entryDate,
    voucher_type: 'Receipt',
    narration: 'Capital brought in',
    details: [
      { account_id: id('1000'), debit_amount: amount, credit_amount: 0 },
      { account_id: id('3000'), debit_amount: 0, credit_amount: amount },
    ],
  });
}

/** A jewel design of the actor's company, with a unique name unless told. */
export function designFor(t: TestApp, actor: Actor, overrides: object = {}) {
  return postAs<{ id: number; design_name: string }>(t, actor, '/api/jewell_designs/', {
    design_name: uniqueName('Kasu Mala'),
    ...overrides,
  });
}

export interface PledgeForOptions {
  /** Who makes the pledge (and the masters it needs); a new admin of the company unless given. */
  actor?: Actor;
  customerId?: number;
  /** A scheme of the company; with it, give `jewelTypeId` too unless the rate already exists. */
  schemeId?: number;
  jewelTypeId?: number;
  designId?: number;
  /** Rate per gram of the jewel type, in rupees, effective on `rateDate` (6,000 unless told). */
  ratePerGram?: number;
  /** The rate's effective date: the pledge date unless told. */
  rateDate?: string;
  /** No rate is added (the scheme's jewel type already has one). */
  skipRate?: boolean;
  /** The request body's fields to change: pledge_date (today), items (one of 10.5 g gross, 10 g net), total_loan_amount (40,000)… */
  body?: Partial<CreatePledgeFormInput>;
  /** The Idempotency-Key the service marks committed (tests of replays). */
  idempotency?: { key: string } | null;
}

export interface PledgeMade extends PledgeSaved {
  actor: Actor;
  jewelTypeId: number | null;
  designId: number;
}

/**
 * A real pledge of `companyId`, made through the create service (the same checks, number and
 * Payment voucher as POST /pledges/with-items), with a customer, a 12-month scheme at 1.5 % lending
 * 75 %, a jewel type, its rate (Rs. 6,000/g on the pledge date) and a design made by the builders
 * unless given. Answers the saved pledge as the API spells it, with the refs it made.
 */
export async function pledgeFor(
  t: TestApp,
  companyId: number,
  options: PledgeForOptions = {},
): Promise<PledgeMade> {
  const actor = options.actor ?? (await adminFor(t, companyId));
  const today = businessToday(t.config.businessTimeZone);
  const pledgeDate = options.body?.pledge_date ?? today;
  let jewelTypeId = options.jewelTypeId ?? null;
  let schemeId = options.schemeId;
  if (schemeId === undefined) {
    jewelTypeId ??= (await jewelTypeFor(t, actor)).id;
    schemeId = (await schemeFor(t, actor, jewelTypeId)).id;
  }
  if (!options.skipRate && jewelTypeId !== null) {
    await jewelRateFor(t, actor, jewelTypeId, options.rateDate ?? pledgeDate, {
      rate_per_gram: options.ratePerGram ?? 6000,
    });
  }
  counter += 1;
  // A mobile number of its own, so a second pledge of the company is not a probable duplicate.
  const mobile = `9${String((process.pid * 1000 + counter) % 1_000_000_000).padStart(9, '0')}`;
  const customerId = options.customerId ?? (await customerFor(t, actor, { mobile_number: mobile })).id;
  const designId = options.designId ?? (await designFor(t, actor)).id;
  const body = createPledgeSchema.parse({
    customer_id: customerId,
    scheme_id: schemeId,
    pledge_date: pledgeDate,
    total_loan_amount: 40000,
    document_charges: 100,
    items: [{ jewell_design_id: designId, gross_weight: 10.5, net_weight: 10 }],
    // The clerk confirms a cash payout at or over the company's cash limit (₹20,000, warn).
    cash_limit_confirmed: true,
    ...options.body,
  });
  const idempotency = options.idempotency
    ? { companyId, userId: actor.userId, key: options.idempotency.key }
    : null;
  const { pledgeId, warnings } = await createPledge(
    t.database.db,
    { companyId, userId: actor.userId, today, idempotency },
    body,
  );
  const db = t.database.db;
  const row = await findPledgeSummary(db, companyId, pledgeId);
  if (!row) throw new Error(`pledge ${pledgeId} was not found after it was made`);
  const view = toPledgeView(row, await findPledgeItems(db, companyId, pledgeId), await loadFileLinks(db));
  return { ...view, warnings, actor, jewelTypeId, designId };
}

/** The request body's fields of a payment (pledge_id comes from the pledge). */
export type PaymentForBody = Partial<Omit<PledgePaymentInput, 'pledge_id'>>;

/**
 * A real payment on `pledge`, made through the single-payment service (the same lock, checks, receipt
 * number, Receipt voucher and close as POST /pledge-payments/), by the pledge's actor unless given.
 * Without `amount` it pays what the type takes as of `payment_date` (today unless told): `interest`
 * (the default) the remaining interest, `partial_principal` half the remaining principal, and
 * `full_payment` the total outstanding. Answers the saved payment as the API spells it.
 */
export async function paymentFor(
  t: TestApp,
  companyId: number,
  pledge: { pledge_id: number; actor?: Actor },
  body: PaymentForBody = {},
  options: { actor?: Actor; idempotency?: { key: string } | null } = {},
): Promise<PledgePaymentSaved> {
  const actor = options.actor ?? pledge.actor ?? (await adminFor(t, companyId));
  const today = businessToday(t.config.businessTimeZone);
  const paymentDate = body.payment_date ?? today;
  const type = body.payment_type ?? 'interest';
  let amount = body.amount;
  if (amount === undefined) {
    const b = await readPledgeBalance(t.database.db, companyId, pledge.pledge_id, paymentDate);
    amount =
      type === 'interest'
        ? b.remaining_interest
        : type === 'full_payment'
          ? b.total_outstanding
          : paiseToRupees(Math.floor(Math.round(b.remaining_principal * 100) / 2));
    if (!(amount > 0)) {
      throw new Error(
        `paymentFor: nothing to pay as ${type} on pledge ${pledge.pledge_id} on ${paymentDate}`,
      );
    }
  }
  const input = pledgePaymentSchema.parse({
    pledge_id: pledge.pledge_id,
    payment_date: paymentDate,
    payment_type: type,
    payment_method: 'cash',
    cash_limit_confirmed: true,
    ...body,
    amount,
  });
  const idempotency = options.idempotency
    ? { companyId, userId: actor.userId, key: options.idempotency.key }
    : null;
  return takeSinglePayment(t.database.db, { companyId, userId: actor.userId, today, idempotency }, input);
}

/** A new company and a new admin of it, with the admin's headers for that company. */
export async function companyWithAdmin(
  t: TestApp,
): Promise<{ companyId: number; admin: Actor; headers: Record<string, string> }> {
  const companyId = (await freshCompany(t)).id;
  const admin = await adminFor(t, companyId);
  return { companyId, admin, headers: admin.headers() };
}

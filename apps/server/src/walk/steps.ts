/**
 * The steps of the whole-day walk (walk.ts). Each step checks that it applies (else answers false and
 * the walk picks another), calls the API as a counter would, asserts the answer, and moves the model
 * (model.ts) by its own arithmetic. Invalid steps assert a 4xx and move nothing; the verification
 * after the step then proves the books did not move either.
 */
import {
  addDays,
  dueDate,
  eligibleLoanPaise,
  firstMonthInterestPaise,
  isOverdue,
  itemValuePaise,
  rupeesToPaise,
  surplusDepositDueDate,
} from '@pledge-desk/domain';
import { customerFor, designFor, jewelRateFor, jewelTypeFor, schemeFor } from '../test/fixtures.ts';
import {
  type Account,
  cashAccount,
  type Lines,
  type ModelItem,
  type ModelPledge,
  type ModelReceipt,
} from './model.ts';
import type { Walk } from './walk.ts';

export interface StepDef {
  weight: number;
  run(w: Walk): Promise<boolean>;
}

const FLOAT_NOTES_500 = 4000; // ₹20,00,000 in the drawer each morning: the day's payouts fit in it.
const NON_CASH = ['bank', 'online', 'cheque', 'bank_transfer'] as const;

/** Which known bugs the walk steps around while they are open (the names of KNOWN_OPEN). */
export const KNOWN = {
  reverseAfterLaterEvent: 'reverse-after-sale-lot-or-bank', // the reversal rule
  drawerCountsBeforeOpen: 'drawer-counts-cash-before-open', // a drawer's expected cash
  drawerUnknownNote: 'drawer-unknown-banknote-dropped', // a count's notes
  renewalWeightUp: 'renewal-kept-weight-up', // gold does not gain weight
  editClosedDay: 'pledge-edit-into-closed-day', // a closed day keeps its pledges
  editAtEnd: 'pledge-edit-in-lot-notice-or-bank', // a pledge on its way out
  notice3Decimals: 'notice-3-decimal-weights', // notices on milligram weights
  releaseAtBankReason: 'release-at-bank-wrong-reason', // the release's refusal at a bank
  moveLotToBank: 'move-to-bank-while-in-lot', // found by the walk itself
} as const;

// ---------------------------------------------------------------------------------------------------
// Setting up and the day's rhythm

export async function setUpBranch(w: Walk): Promise<void> {
  const { t, actor } = w;
  const jewelType = await jewelTypeFor(t, actor);
  const designs = [await designFor(t, actor), await designFor(t, actor), await designFor(t, actor)];
  const schemeDefs = [
    { months: 1, percent: 1.5, ltv: 75 },
    { months: 3, percent: 2, ltv: 70 },
  ];
  const schemes = [];
  for (const s of schemeDefs) {
    const made = await schemeFor(t, actor, jewelType.id, {
      duration_in_months: s.months,
      interest_rate_per_month: s.percent,
      loan_eligibility_percentage: s.ltv,
    });
    schemes.push({ id: made.id, rateBp: Math.round(s.percent * 100), ltvBp: s.ltv * 100, months: s.months });
  }
  const ratePaise = 650_000 + w.rng.int(0, 99_999); // ₹6,500.00–₹7,499.99 a gram, with paise
  await jewelRateFor(t, actor, jewelType.id, w.today, { rate_per_gram: w.rupees(ratePaise) });
  const bank = await w.ok('POST', '/bank-details/', {
    bank_name: 'Indian Bank',
    account_holder_name: 'Pledge Desk Walk',
    account_number: `6${String(w.companyId).padStart(9, '0')}`,
    ifsc_code: 'IDIB000T041',
    branch_name: 'T. Nagar',
    account_type: 'Current',
  });
  const noticeWaitDays = w.rng.int(7, 14);
  const surplusHoldMonths = w.rng.int(1, 2);
  await w.ok('PUT', `/companies/${w.companyId}/end-of-pledge-settings`, {
    overdue_grace_days: 0,
    release_wait_working_days: 7,
    notice_wait_days: noticeWaitDays,
    surplus_hold_months: surplusHoldMonths,
  });
  const accounts = (await w.ok('GET', '/accounts')).body as { account_id: number; account_code: string }[];
  w.masters = {
    jewelTypeId: jewelType.id,
    designIds: designs.map((d) => d.id),
    schemes,
    bankId: bank.body.id,
    accountIds: new Map(accounts.map((a) => [a.account_code, a.account_id])),
    customers: [],
    rates: [{ date: w.today, paise: ratePaise }],
    noticeWaitDays,
    surplusHoldMonths,
  };
  await startDay(w);
  // The owner brings the branch's capital in as cash (Dr 1000, Cr 3000).
  await manualVoucher(w, 'capital', 5_000_000_00);
}

/**
 * The morning: the drawer opens first (while drawer-counts-cash-before-open is open, before any cash
 * moves).
 */
export async function startDay(w: Walk): Promise<void> {
  w.model.drawer = null;
  if (w.known(KNOWN.drawerCountsBeforeOpen) || w.rng.chance(0.7)) await openDrawer(w);
}

async function openDrawer(w: Walk): Promise<void> {
  const coins = w.rupees(w.rng.int(0, 500_00));
  const denominations = {
    '500': FLOAT_NOTES_500,
    '200': w.rng.int(0, 50),
    '100': 0,
    '50': 0,
    '20': 0,
    '10': 0,
    coins,
  };
  const a = await w.ok('POST', '/cash-drawer/open', { business_date: w.today, denominations });
  const openingPaise = FLOAT_NOTES_500 * 500_00 + denominations['200'] * 200_00 + rupeesToPaise(coins);
  if (rupeesToPaise(a.body.opening.amount) !== openingPaise) {
    w.fail(`the drawer opened with ${a.body.opening.amount}, counted ${w.rupees(openingPaise)}`);
  }
  w.model.drawer = { id: a.body.id, date: w.today, openingPaise, status: 'open' };
}

/** A count of `paise` in the drawer's notes and coins. */
function countOf(paise: number): Record<string, number> {
  const notes = Math.floor(paise / 500_00);
  return {
    '500': notes,
    '200': 0,
    '100': 0,
    '50': 0,
    '20': 0,
    '10': 0,
    coins: (paise - notes * 500_00) / 100,
  };
}

/** The evening: the drawer is counted (now and then a little short or over) and closed. */
async function closeDrawer(w: Walk): Promise<void> {
  const drawer = w.model.drawer;
  if (drawer?.status !== 'open') return;
  const expected = w.model.drawerExpectedPaise();
  const diff = w.rng.chance(0.7) ? 0 : w.rng.int(-500_00, 500_00);
  const counted = Math.max(0, expected + diff);
  const a = await w.ok('POST', '/cash-drawer/close', {
    business_date: w.today,
    denominations: countOf(counted),
    remarks: 'Evening count',
  });
  if (rupeesToPaise(a.body.expected) !== expected) {
    w.fail(
      `the drawer of ${w.today} expected ${a.body.expected}; the model expects ${w.rupees(expected)} ` +
        `(float ${w.rupees(drawer.openingPaise)} and the cash moved since it opened)`,
    );
  }
  drawer.status = 'closed';
  w.model.drawerClosedDays.add(drawer.date);
  const d = counted - expected;
  if (d < 0) w.model.post(w.today, { '5100': -d, '1000': d });
  if (d > 0) w.model.post(w.today, { '1000': d, '4300': -d });
  w.note(`counted ${w.rupees(counted)} against ${w.rupees(expected)}`);
}

async function manualVoucher(
  w: Walk,
  kind: 'capital' | 'drawings' | 'deposit' | 'withdrawal',
  paise: number,
) {
  const id = (code: string) => w.masters.accountIds.get(code)!;
  const [dr, cr, type, narration] = {
    capital: ['1000', '3000', 'Receipt', 'Capital brought in'],
    drawings: ['3000', '1000', 'Payment', 'Drawings by the owner'],
    deposit: ['1190', '1000', 'Contra', 'Cash deposited in the bank'],
    withdrawal: ['1000', '1190', 'Contra', 'Cash drawn from the bank'],
  }[kind] as [Account, Account, string, string];
  await w.ok('POST', '/daybook-entries', {
    entry_date: w.today,
    voucher_type: type,
    narration,
    details: [
      { account_id: id(dr), debit_amount: w.rupees(paise), credit_amount: 0 },
      { account_id: id(cr), debit_amount: 0, credit_amount: w.rupees(paise) },
    ],
  });
  w.model.post(w.today, { [dr]: paise, [cr]: -paise });
  w.note(`${kind} ${w.rupees(paise)}`);
}

// ---------------------------------------------------------------------------------------------------
// Helpers

const model = (w: Walk) => w.model;
const principalPaid = (p: ModelPledge) => p.payments.reduce((s, x) => s + x.principalPaise, 0);
const pickMethod = (w: Walk) => (w.rng.chance(0.75) ? 'cash' : w.rng.pick(NON_CASH));
const reference = (w: Walk, method: string) =>
  method === 'cash' ? {} : { bank_reference: `UTR${w.stepNo}X${w.rng.int(1000, 9999)}` };
/** A random amount from 1 paisa to `max` paise, often the whole. */
const partOf = (w: Walk, max: number) => (w.rng.chance(0.35) ? max : w.rng.int(1, max));

function payablePledges(w: Walk): ModelPledge[] {
  return model(w)
    .payable()
    .filter((p) => (model(w).lastPaymentDate(p) ?? p.pledgeDate) <= w.today);
}

/**
 * Weights in grams: to the milligram, or (for a pledge that may meet a notice while
 * notice-3-decimal-weights is open) to 10 mg.
 */
function weighItems(
  w: Walk,
  twoDecimals: boolean,
  n: number,
): { designId: number; grossMg: number; netMg: number }[] {
  const step = twoDecimals ? 10 : 1;
  return Array.from({ length: n }, () => {
    const grossMg = w.rng.int(150, 4000) * 10 * (twoDecimals ? 1 : 1) + (twoDecimals ? 0 : w.rng.int(0, 9));
    const netMg = grossMg - w.rng.int(0, Math.floor(grossMg / 10 / step)) * step;
    return { designId: w.rng.pick(w.masters.designIds), grossMg, netMg };
  });
}

const grams = (mg: number) => mg / 1000;

function newPledgeModel(
  w: Walk,
  fields: Omit<
    ModelPledge,
    'payments' | 'state' | 'closedDate' | 'released' | 'bank' | 'notice' | 'lot' | 'later'
  >,
): ModelPledge {
  const p: ModelPledge = {
    ...fields,
    payments: [],
    state: 'open',
    closedDate: null,
    released: false,
    bank: null,
    notice: null,
    lot: null,
    later: new Set(),
  };
  model(w).pledges.set(p.id, p);
  w.touched.add(p.id);
  return p;
}

/** Records a receipt's payments in the model and posts its voucher. */
function recordReceipt(
  w: Walk,
  r: { id: number; no: string; method: string; lines: Lines },
  parts: { pledge: ModelPledge; paymentId: number; interestPaise: number; principalPaise: number }[],
): ModelReceipt {
  const receipt: ModelReceipt = {
    id: r.id,
    no: r.no,
    date: w.today,
    method: r.method,
    parts: new Map(),
    closed: new Set(),
    lines: r.lines,
    reversed: false,
  };
  for (const part of parts) {
    const pay = {
      paymentId: part.paymentId,
      receiptId: r.id,
      date: w.today,
      interestPaise: part.interestPaise,
      principalPaise: part.principalPaise,
    };
    part.pledge.payments.push(pay);
    part.pledge.later.clear();
    receipt.parts.set(part.pledge.id, pay);
    const b = model(w).balanceOf(part.pledge, w.today);
    if (b.remainingPrincipalPaise === 0 && b.remainingInterestPaise === 0 && r.method !== 'renewal') {
      part.pledge.state = 'closed';
      part.pledge.closedDate = w.today;
      receipt.closed.add(part.pledge.id);
    }
    w.touched.add(part.pledge.id);
  }
  model(w).receipts.set(r.id, receipt);
  model(w).post(w.today, r.lines);
  return receipt;
}

// ---------------------------------------------------------------------------------------------------
// Pledges

async function createPledge(w: Walk): Promise<boolean> {
  const m = w.masters;
  let customerId: number;
  if (m.customers.length === 0 || w.rng.chance(0.3)) {
    const n = m.customers.length + 1;
    const mobile = `9${String((w.companyId * 100 + n) % 1_000_000_000).padStart(9, '0')}`;
    customerId = (
      await customerFor(w.t, w.actor, { mobile_number: mobile, customer_name: `Walk Customer ${n}` })
    ).id;
    m.customers.push(customerId);
  } else customerId = w.rng.pick(m.customers);
  const scheme = w.rng.chance(0.7) ? m.schemes[0]! : m.schemes[1]!;
  const twoDecimals = w.rng.chance(0.5);
  const items = weighItems(w, twoDecimals, w.rng.int(1, 3));
  const rate = w.rateOn(w.today);
  const valuation = items.reduce((s, i) => s + itemValuePaise(i.netMg, rate), 0);
  const eligible = eligibleLoanPaise(valuation, scheme.ltvBp);
  const loan = w.rng.int(Math.floor(eligible / 4), eligible);
  const doc = w.rng.chance(0.3) ? 0 : w.rng.int(1, 250_00);
  const fmi = firstMonthInterestPaise(loan, scheme.rateBp);
  const final = loan - fmi - doc;
  if (final <= 0) return false;
  const payout = w.rng.chance(0.8) ? 'cash' : 'bank_transfer';
  const a = await w.ok('POST', '/pledges/with-items', {
    customer_id: customerId,
    scheme_id: scheme.id,
    pledge_date: w.today,
    total_loan_amount: w.rupees(loan),
    document_charges: w.rupees(doc),
    payout_method: payout,
    ...(payout === 'cash' ? {} : { payout_reference: `NEFT${w.stepNo}` }),
    cash_limit_confirmed: true,
    items: items.map((i) => ({
      jewell_design_id: i.designId,
      gross_weight: grams(i.grossMg),
      net_weight: grams(i.netMg),
    })),
  });
  const v = a.body;
  const due = dueDate(w.today, scheme.months);
  const mismatches = [
    ['first_month_interest', rupeesToPaise(v.first_month_interest), fmi],
    ['final_amount', rupeesToPaise(v.final_amount), final],
    ['total_valuation', rupeesToPaise(v.total_valuation), valuation],
    ['net_weight', Math.round(v.net_weight * 1000), items.reduce((s, i) => s + i.netMg, 0)],
  ].filter(([, got, want]) => got !== want);
  if (v.due_date !== due) mismatches.push(['due_date', v.due_date, due]);
  if (mismatches.length > 0)
    w.fail(`the new pledge's figures differ from the model: ${JSON.stringify(mismatches)}`);
  const modelItems: ModelItem[] = (
    v.items as {
      pledge_item_id: number;
      jewell_design_id: number;
      gross_weight: number;
      net_weight: number;
    }[]
  ).map((i) => ({
    id: i.pledge_item_id,
    designId: i.jewell_design_id,
    grossMg: Math.round(i.gross_weight * 1000),
    netMg: Math.round(i.net_weight * 1000),
  }));
  newPledgeModel(w, {
    id: v.pledge_id,
    no: v.pledge_no,
    customerId,
    schemeId: scheme.id,
    rateBp: scheme.rateBp,
    pledgeDate: w.today,
    dueDate: due,
    loanPaise: loan,
    fmiPaise: fmi,
    docPaise: doc,
    payoutMethod: payout,
    items: modelItems,
    twoDecimalWeights: twoDecimals,
    renewedFrom: null,
  });
  model(w).post(w.today, { '1200': loan, [cashAccount(payout)]: -final, '4000': -fmi, '4100': -doc });
  w.note(`${v.pledge_no} loan ${w.rupees(loan)} (${items.map((i) => grams(i.netMg)).join(' g, ')} g)`);
  return true;
}

/** The body of PUT /pledges/{id}/with-items for the pledge as it stands, with a new loan. */
function editBody(w: Walk, p: ModelPledge, loan: number, pledgeDate = p.pledgeDate) {
  return {
    customer_id: p.customerId,
    scheme_id: p.schemeId,
    pledge_date: pledgeDate,
    total_loan_amount: w.rupees(loan),
    document_charges: w.rupees(p.docPaise),
    payout_method: p.payoutMethod,
    ...(p.payoutMethod === 'cash' ? {} : { payout_reference: `NEFT-EDIT${w.stepNo}` }),
    cash_limit_confirmed: true,
    items: p.items.map((i) => ({
      pledge_item_id: i.id,
      action: 'keep',
      jewell_design_id: i.designId,
      gross_weight: grams(i.grossMg),
      net_weight: grams(i.netMg),
    })),
  };
}

function eligibleOf(w: Walk, p: ModelPledge, day: string): number {
  const scheme = w.masters.schemes.find((s) => s.id === p.schemeId)!;
  const valuation = p.items.reduce((s, i) => s + itemValuePaise(i.netMg, w.rateOn(day)), 0);
  return eligibleLoanPaise(valuation, scheme.ltvBp);
}

/**
 * A pledge of today corrected before anything was paid on it: its loan, and now and then its scheme,
 * document charges, payout method or an article's weight. The old Payment voucher is reversed and a new
 * one posted (docs/domain-rules.md §6.2).
 */
async function editPledge(w: Walk): Promise<boolean> {
  const cands = [...model(w).pledges.values()].filter(
    (p) =>
      p.state === 'open' &&
      p.payments.length === 0 &&
      p.renewedFrom === null &&
      p.pledgeDate === w.today &&
      !p.notice &&
      !p.lot &&
      !p.bank,
  );
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  const scheme = w.rng.chance(0.3)
    ? w.rng.pick(w.masters.schemes)
    : w.masters.schemes.find((x) => x.id === p.schemeId)!;
  const doc = w.rng.chance(0.4) ? w.rng.int(0, 250_00) : p.docPaise;
  const payout = w.rng.chance(0.3) ? (p.payoutMethod === 'cash' ? 'bank_transfer' : 'cash') : p.payoutMethod;
  const items = p.items.map((i) => ({ ...i }));
  const updated = new Set<number>();
  if (w.rng.chance(0.3)) {
    const i = w.rng.pick(items);
    const step = p.twoDecimalWeights ? 10 : 1;
    i.netMg -= w.rng.int(1, Math.max(1, Math.floor(i.netMg / 20 / step))) * step;
    updated.add(i.id);
  }
  const rate = w.rateOn(p.pledgeDate);
  const eligible = eligibleLoanPaise(
    items.reduce((s2, i) => s2 + itemValuePaise(i.netMg, rate), 0),
    scheme.ltvBp,
  );
  const loan = w.rng.int(Math.floor(eligible / 4), eligible);
  const fmi = firstMonthInterestPaise(loan, scheme.rateBp);
  if (loan - fmi - doc <= 0) return false;
  const a = await w.ok('PUT', `/pledges/${p.id}/with-items`, {
    ...editBody(w, { ...p, items, schemeId: scheme.id, docPaise: doc, payoutMethod: payout }, loan),
    items: items.map((i) => ({
      pledge_item_id: i.id,
      action: updated.has(i.id) ? 'update' : 'keep',
      jewell_design_id: i.designId,
      gross_weight: grams(i.grossMg),
      net_weight: grams(i.netMg),
    })),
  });
  const due = dueDate(p.pledgeDate, scheme.months);
  if (
    rupeesToPaise(a.body.first_month_interest) !== fmi ||
    a.body.due_date !== due ||
    rupeesToPaise(a.body.final_amount) !== loan - fmi - doc
  ) {
    w.fail(
      `the edited pledge says fmi ${a.body.first_month_interest}, due ${a.body.due_date}, final ${a.body.final_amount}; the model ${w.rupees(fmi)}, ${due}, ${w.rupees(loan - fmi - doc)}`,
    );
  }
  const oldFinal = p.loanPaise - p.fmiPaise - p.docPaise;
  // The old Payment voucher reversed, the new one posted.
  model(w).post(w.today, {
    '1200': -p.loanPaise,
    [cashAccount(p.payoutMethod)]: oldFinal,
    '4000': p.fmiPaise,
    '4100': p.docPaise,
  });
  model(w).post(w.today, {
    '1200': loan,
    [cashAccount(payout)]: -(loan - fmi - doc),
    '4000': -fmi,
    '4100': -doc,
  });
  w.note(
    `${p.no} loan ${w.rupees(p.loanPaise)} → ${w.rupees(loan)}` +
      (scheme.id !== p.schemeId ? `, scheme ${scheme.months} months` : '') +
      (doc !== p.docPaise ? `, charges ${w.rupees(doc)}` : '') +
      (payout !== p.payoutMethod ? `, paid out by ${payout}` : '') +
      (updated.size > 0 ? ', an article re-weighed' : ''),
  );
  Object.assign(p, {
    loanPaise: loan,
    fmiPaise: fmi,
    docPaise: doc,
    payoutMethod: payout,
    items,
    schemeId: scheme.id,
    rateBp: scheme.rateBp,
    dueDate: due,
  });
  w.touched.add(p.id);
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Payments

async function singlePayment(
  w: Walk,
  type: 'interest' | 'partial_principal' | 'full_payment',
): Promise<boolean> {
  const cands = payablePledges(w).filter((p) => {
    const b = model(w).balanceOf(p, w.today);
    if (type === 'interest') return b.remainingInterestPaise > 0;
    if (type === 'partial_principal') return b.remainingInterestPaise === 0 && b.remainingPrincipalPaise > 0;
    return b.totalOutstandingPaise > 0;
  });
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  const b = model(w).balanceOf(p, w.today);
  const amount =
    type === 'interest'
      ? partOf(w, b.remainingInterestPaise)
      : type === 'partial_principal'
        ? partOf(w, b.remainingPrincipalPaise)
        : b.totalOutstandingPaise;
  const penalty = w.rng.chance(0.15) ? w.rng.int(1, 300_00) : 0;
  const discount = w.rng.chance(0.1) ? w.rng.int(1, Math.min(amount, 200_00)) : 0;
  const method = pickMethod(w);
  const a = await w.ok('POST', '/pledge-payments/', {
    pledge_id: p.id,
    payment_date: w.today,
    payment_type: type,
    amount: w.rupees(amount),
    penalty_amount: w.rupees(penalty),
    discount_amount: w.rupees(discount),
    ...(penalty > 0 ? { penalty_reason: 'Late by months' } : {}),
    ...(discount > 0 ? { discount_reason: 'Regular customer' } : {}),
    payment_method: method,
    ...reference(w, method),
    cash_limit_confirmed: true,
  });
  const interest = type === 'interest' ? amount : type === 'full_payment' ? b.remainingInterestPaise : 0;
  const principal = amount - interest;
  if (
    rupeesToPaise(a.body.interest_amount) !== interest ||
    rupeesToPaise(a.body.principal_amount) !== principal
  ) {
    w.fail(
      `the payment was split ${a.body.interest_amount} + ${a.body.principal_amount}; the model says ${w.rupees(interest)} + ${w.rupees(principal)}`,
    );
  }
  const receipt = recordReceipt(
    w,
    {
      id: a.body.receipt_id,
      no: a.body.receipt_no,
      method,
      lines: {
        [cashAccount(method)]: amount + penalty - discount,
        '5000': discount,
        '4000': -interest,
        '1200': -principal,
        '4200': -penalty,
      },
    },
    [{ pledge: p, paymentId: a.body.payment_id, interestPaise: interest, principalPaise: principal }],
  );
  if (a.body.closed_pledge !== receipt.closed.has(p.id)) {
    w.fail(
      `the payment answered closed_pledge ${a.body.closed_pledge}; the model says ${receipt.closed.has(p.id)}`,
    );
  }
  const after = model(w).balanceOf(p, w.today).totalOutstandingPaise;
  if (rupeesToPaise(a.body.balance_amount) !== after) {
    w.fail(
      `the payment stored balance_amount ${a.body.balance_amount}; the model owes ${w.rupees(after)} after it`,
    );
  }
  w.note(
    `${p.no} ${w.rupees(amount)} ${method}${penalty ? ` +penalty ${w.rupees(penalty)}` : ''}${discount ? ` −discount ${w.rupees(discount)}` : ''}`,
  );
  return true;
}

async function multiplePayment(w: Walk): Promise<boolean> {
  const byCustomer = new Map<number, ModelPledge[]>();
  for (const p of payablePledges(w)) {
    if (model(w).balanceOf(p, w.today).totalOutstandingPaise <= 0) continue;
    byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p]);
  }
  const customers = [...byCustomer.entries()].filter(([, ps]) => ps.length >= 2);
  if (customers.length === 0) return false;
  const [customerId, pledges] = w.rng.pick(customers);
  const chosen = w.rng.some(pledges, w.rng.int(2, pledges.length)).sort((x, y) => x.id - y.id);
  const method = pickMethod(w);
  const parts = chosen.map((p) => {
    const b = model(w).balanceOf(p, w.today);
    const amount = partOf(w, b.totalOutstandingPaise);
    const interest = Math.min(amount, b.remainingInterestPaise);
    const penalty = w.rng.chance(0.15) ? w.rng.int(1, 200_00) : 0;
    const discount = w.rng.chance(0.15) ? w.rng.int(1, Math.min(amount, 100_00)) : 0;
    return { pledge: p, amount, interest, principal: amount - interest, penalty, discount };
  });
  const total = parts.reduce((s, x) => s + x.amount, 0);
  const penalty = parts.reduce((s, x) => s + x.penalty, 0);
  const discount = parts.reduce((s, x) => s + x.discount, 0);
  const a = await w.ok('POST', `/customers/${customerId}/multiple-pledge-payment`, {
    customer_id: customerId,
    total_payment_amount: w.rupees(total),
    payment_method: method,
    ...reference(w, method),
    payment_date: w.today,
    cash_limit_confirmed: true,
    pledge_payments: parts.map((x) => ({
      pledge_id: x.pledge.id,
      payment_amount: w.rupees(x.amount),
      ...(x.penalty > 0 ? { penalty_amount: w.rupees(x.penalty), penalty_reason: 'Late' } : {}),
      ...(x.discount > 0 ? { discount_amount: w.rupees(x.discount), discount_reason: 'Old customer' } : {}),
    })),
    ...(penalty > 0
      ? { total_penalty_amount: w.rupees(penalty), approve_penalty: true, penalty_reason: 'Late' }
      : {}),
    ...(discount > 0
      ? { total_discount_amount: w.rupees(discount), approve_discount: true, discount_reason: 'Old customer' }
      : {}),
  });
  const results = a.body.pledge_results as {
    pledge_id: number;
    payment_id: number;
    interest_paid: number;
    principal_paid: number;
  }[];
  for (const x of parts) {
    const r = results.find((y) => y.pledge_id === x.pledge.id);
    if (
      !r ||
      rupeesToPaise(r.interest_paid) !== x.interest ||
      rupeesToPaise(r.principal_paid) !== x.principal
    ) {
      w.fail(
        `the multiple payment split pledge ${x.pledge.no} as ${JSON.stringify(r)}; the model: interest ${w.rupees(x.interest)}, principal ${w.rupees(x.principal)}`,
      );
    }
  }
  const interest = parts.reduce((s, x) => s + x.interest, 0);
  recordReceipt(
    w,
    {
      id: a.body.receipt_id,
      no: a.body.receipt_no,
      method,
      lines: {
        [cashAccount(method)]: total + penalty - discount,
        '5000': discount,
        '4000': -interest,
        '1200': -(total - interest),
        '4200': -penalty,
      },
    },
    parts.map((x) => ({
      pledge: x.pledge,
      paymentId: results.find((y) => y.pledge_id === x.pledge.id)!.payment_id,
      interestPaise: x.interest,
      principalPaise: x.principal,
    })),
  );
  const remaining = a.body.pledge_results as { pledge_id: number; remaining_balance: number }[];
  for (const x of parts) {
    const after = model(w).balanceOf(x.pledge, w.today).totalOutstandingPaise;
    const r = remaining.find((y) => y.pledge_id === x.pledge.id)!;
    if (rupeesToPaise(r.remaining_balance) !== after) {
      w.fail(
        `the multiple payment left ${x.pledge.no} owing ${r.remaining_balance}; the model ${w.rupees(after)}`,
      );
    }
  }
  w.note(
    `${parts.map((x) => `${x.pledge.no} ${w.rupees(x.amount)}`).join(', ')} ${method}` +
      (penalty ? ` +penalty ${w.rupees(penalty)}` : '') +
      (discount ? ` −discount ${w.rupees(discount)}` : ''),
  );
  return true;
}

/** A receipt may be reversed when it is the latest counted one on each of its pledges. */
function latestOnAll(w: Walk, r: ModelReceipt): boolean {
  return [...r.parts.keys()].every((id) => model(w).latestReceipt(model(w).pledges.get(id)!)?.id === r.id);
}

async function reversePayment(w: Walk): Promise<boolean> {
  const cands = [...model(w).receipts.values()].filter(
    (r) =>
      !r.reversed &&
      r.method !== 'renewal' &&
      latestOnAll(w, r) &&
      [...r.parts.keys()].every((id) => model(w).pledges.get(id)!.later.size === 0),
  );
  if (cands.length === 0) return false;
  const r = w.rng.pick(cands);
  const payment = w.rng.pick([...r.parts.values()]);
  await w.ok('POST', `/pledge-payments/${payment.paymentId}/reverse`, {
    reason: 'Entered against the wrong pledge',
  });
  r.reversed = true;
  const undo: Lines = {};
  for (const [k, v] of Object.entries(r.lines) as [Account, number][]) undo[k] = -v;
  model(w).post(w.today, undo);
  for (const [pledgeId, pay] of r.parts) {
    const p = model(w).pledges.get(pledgeId)!;
    p.payments = p.payments.filter((x) => x !== pay);
    if (r.closed.has(pledgeId)) {
      p.state = 'open';
      p.closedDate = null;
    }
    w.touched.add(pledgeId);
  }
  w.note(`receipt ${r.no} of ${r.date}`);
  return true;
}

/** Past days of the walk that were never closed (days the branch did not open, or left open). */
function openPastDays(w: Walk, from: string): string[] {
  const out: string[] = [];
  for (let d = addDays(w.today, -1); d > from && out.length < 40; d = addDays(d, -1)) {
    if (!model(w).closedDays.has(d)) out.push(d);
  }
  return out;
}

/**
 * A payment entered late, dated on an earlier day that was never closed (by bank, so no drawer's count
 * changes after the fact): interest is worked out as of that date.
 */
async function backdatedPayment(w: Walk): Promise<boolean> {
  const cands = payablePledges(w)
    .map((p) => ({ p, days: openPastDays(w, model(w).lastPaymentDate(p) ?? p.pledgeDate) }))
    .filter((x) => x.days.length > 0 && x.p.bank === null);
  if (cands.length === 0) return false;
  const { p, days } = w.rng.pick(cands);
  const date = w.rng.pick(days);
  const b = model(w).balanceOf(p, date);
  const type =
    b.remainingInterestPaise > 0
      ? w.rng.chance(0.5)
        ? 'interest'
        : 'full_payment'
      : w.rng.chance(0.5)
        ? 'partial_principal'
        : 'full_payment';
  const amount =
    type === 'interest'
      ? partOf(w, b.remainingInterestPaise)
      : type === 'partial_principal'
        ? partOf(w, b.remainingPrincipalPaise)
        : b.totalOutstandingPaise;
  if (amount <= 0) return false;
  const method = w.rng.pick(NON_CASH);
  const a = await w.ok('POST', '/pledge-payments/', {
    pledge_id: p.id,
    payment_date: date,
    payment_type: type,
    amount: w.rupees(amount),
    payment_method: method,
    ...reference(w, method),
  });
  const interest = type === 'interest' ? amount : type === 'full_payment' ? b.remainingInterestPaise : 0;
  const principal = amount - interest;
  if (
    rupeesToPaise(a.body.interest_amount) !== interest ||
    rupeesToPaise(a.body.principal_amount) !== principal
  ) {
    w.fail(
      `the payment dated ${date} was split ${a.body.interest_amount} + ${a.body.principal_amount}; the model says ${w.rupees(interest)} + ${w.rupees(principal)}`,
    );
  }
  const before = w.today;
  // The receipt is dated on `date`: the model records it there.
  w.today = date;
  const receipt = recordReceipt(
    w,
    {
      id: a.body.receipt_id,
      no: a.body.receipt_no,
      method,
      lines: { '1190': amount, '4000': -interest, '1200': -principal },
    },
    [{ pledge: p, paymentId: a.body.payment_id, interestPaise: interest, principalPaise: principal }],
  );
  w.today = before;
  if (a.body.closed_pledge !== receipt.closed.has(p.id)) {
    w.fail(
      `the payment dated ${date} answered closed_pledge ${a.body.closed_pledge}; the model says ${receipt.closed.has(p.id)}`,
    );
  }
  w.note(`${p.no} ${type} ${w.rupees(amount)} dated ${date}`);
  return true;
}

/**
 * The pawner pays while the pledge waits in an auction lot (the lot's withdraw exists "for example, the
 * pawner paid first"). The rules do not say whether the payment is taken: either answer is accepted,
 * and the model follows it; a refusal must be a 4xx that moves nothing.
 */
async function payInLot(w: Walk): Promise<boolean> {
  const cands = [...model(w).pledges.values()].filter(
    (p) => p.state === 'open' && p.lot && !p.bank && (model(w).lastPaymentDate(p) ?? '') <= w.today,
  );
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  const b = model(w).balanceOf(p, w.today);
  const a = await w.call('POST', '/pledge-payments/', {
    pledge_id: p.id,
    payment_date: w.today,
    payment_type: 'full_payment',
    amount: w.rupees(b.totalOutstandingPaise),
    payment_method: 'cash',
    cash_limit_confirmed: true,
  });
  if (a.status >= 400) {
    w.note(`${p.no}: refused (${a.status} ${a.body?.code})`);
    return true;
  }
  if (a.status !== 201) w.fail(`a payment in a lot answered ${a.status}: ${a.text.slice(0, 300)}`);
  recordReceipt(
    w,
    {
      id: a.body.receipt_id,
      no: a.body.receipt_no,
      method: 'cash',
      lines: {
        '1000': b.totalOutstandingPaise,
        '4000': -b.remainingInterestPaise,
        '1200': -b.remainingPrincipalPaise,
      },
    },
    [
      {
        pledge: p,
        paymentId: a.body.payment_id,
        interestPaise: b.remainingInterestPaise,
        principalPaise: b.remainingPrincipalPaise,
      },
    ],
  );
  w.note(`${p.no} paid ${w.rupees(b.totalOutstandingPaise)} in lot: taken`);
  return true;
}

/** An admin reopens a recent closed day (a late entry to make), with the reason kept. */
async function reopenDay(w: Walk): Promise<boolean> {
  const days = [...model(w).closedDays].filter((d) => d >= addDays(w.today, -30) && d < w.today);
  if (days.length === 0) return false;
  const d = w.rng.pick(days);
  await w.ok('POST', `/days/${d}/reopen`, { reason: 'A bank receipt of that day was not entered' });
  model(w).closedDays.delete(d);
  w.note(d);
  return true;
}

/** A past day left open (or reopened) is closed now. */
async function closePastDay(w: Walk): Promise<boolean> {
  const days = openPastDays(w, addDays(w.today, -30));
  if (days.length === 0) return false;
  const d = w.rng.pick(days);
  await w.ok('POST', `/days/${d}/close`, { remarks: 'Closed late' });
  model(w).closedDays.add(d);
  w.note(d);
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Release, renewal, bank

async function release(w: Walk): Promise<boolean> {
  const cands = [...model(w).pledges.values()].filter((p) => p.state === 'closed' && !p.released);
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  await w.ok('POST', `/pledges/${p.id}/release`, { released_on: w.today, receiver_kind: 'pawner' });
  p.released = true;
  p.later.add('release');
  w.touched.add(p.id);
  w.note(p.no);
  return true;
}

async function renew(w: Walk): Promise<boolean> {
  const cands = payablePledges(w).filter((p) => model(w).balanceOf(p, w.today).totalOutstandingPaise > 0);
  if (cands.length === 0) return false;
  const old = w.rng.pick(cands);
  const b = model(w).balanceOf(old, w.today);
  const outstanding = b.totalOutstandingPaise;
  // Kept articles: as stored, or weighed again a little lighter (wear); now and then one more article.
  const kept = old.items.map((i) => {
    if (!w.rng.chance(0.3)) return { item: i, grossMg: i.grossMg, netMg: i.netMg, reweigh: false };
    const step = old.twoDecimalWeights ? 10 : 1;
    const netMg = i.netMg - w.rng.int(0, Math.floor(i.netMg / 50 / step)) * step;
    return { item: i, grossMg: i.grossMg, netMg, reweigh: true };
  });
  const added = w.rng.chance(0.3) ? weighItems(w, old.twoDecimalWeights, 1) : [];
  // Now and then the new pledge is made under the other scheme.
  const scheme = w.rng.chance(0.25)
    ? w.rng.pick(w.masters.schemes)
    : w.masters.schemes.find((s) => s.id === old.schemeId)!;
  const rate = w.rateOn(w.today);
  const valuation =
    kept.reduce((s, k) => s + itemValuePaise(k.netMg, rate), 0) +
    added.reduce((s, i) => s + itemValuePaise(i.netMg, rate), 0);
  const eligible = eligibleLoanPaise(valuation, scheme.ltvBp);
  const low = Math.max(1, Math.floor(outstanding * 0.5));
  if (eligible < low) return false;
  const loan = w.rng.int(low, eligible);
  const doc = w.rng.chance(0.5) ? 0 : w.rng.int(1, 100_00);
  const fmi = firstMonthInterestPaise(loan, scheme.rateBp);
  const final = loan - fmi - doc;
  if (final <= 0) return false;
  const method = w.rng.chance(0.8) ? 'cash' : 'bank_transfer';
  const cashToCustomer = final - outstanding; // negative: the customer adds cash
  const a = await w.ok('POST', `/pledges/${old.id}/renew`, {
    renewal_date: w.today,
    ...(scheme.id === old.schemeId ? {} : { scheme_id: scheme.id }),
    items: {
      keep: kept.map((k) =>
        k.reweigh
          ? { pledge_item_id: k.item.id, gross_weight: grams(k.grossMg), net_weight: grams(k.netMg) }
          : { pledge_item_id: k.item.id },
      ),
      add: added.map((i) => ({
        jewell_design_id: i.designId,
        gross_weight: grams(i.grossMg),
        net_weight: grams(i.netMg),
      })),
    },
    total_loan_amount: w.rupees(loan),
    document_charges: w.rupees(doc),
    payment_method: method,
    ...(method === 'cash' ? {} : { payment_reference: `NEFT-RN${w.stepNo}` }),
    cash_limit_confirmed: true,
  });
  const v = a.body;
  const got = rupeesToPaise(v.cash_to_customer) - rupeesToPaise(v.cash_from_customer);
  if (got !== cashToCustomer || rupeesToPaise(v.old_pledge.outstanding) !== outstanding) {
    w.fail(
      `the renewal settled ${v.old_pledge.outstanding} and handed ${v.cash_to_customer} / took ${v.cash_from_customer}; ` +
        `the model: outstanding ${w.rupees(outstanding)}, cash to the customer ${w.rupees(cashToCustomer)}`,
    );
  }
  // The old pledge closes by a renewal payment (Dr 1195 its outstanding; Cr 4000, Cr 1200).
  const oldPaymentId = await renewalPaymentId(w, old.id);
  recordReceipt(
    w,
    {
      id: v.receipt_id,
      no: v.receipt_no,
      method: 'renewal',
      lines: { '1195': outstanding, '4000': -b.remainingInterestPaise, '1200': -b.remainingPrincipalPaise },
    },
    [
      {
        pledge: old,
        paymentId: oldPaymentId,
        interestPaise: b.remainingInterestPaise,
        principalPaise: b.remainingPrincipalPaise,
      },
    ],
  );
  old.state = 'renewed';
  old.closedDate = w.today;
  old.later.add('renewal');
  const nv = v.new_pledge_view;
  newPledgeModel(w, {
    id: nv.pledge_id,
    no: nv.pledge_no,
    customerId: old.customerId,
    schemeId: scheme.id,
    rateBp: scheme.rateBp,
    pledgeDate: w.today,
    dueDate: dueDate(w.today, scheme.months),
    loanPaise: loan,
    fmiPaise: fmi,
    docPaise: doc,
    payoutMethod: method,
    items: (
      nv.items as {
        pledge_item_id: number;
        jewell_design_id: number;
        gross_weight: number;
        net_weight: number;
      }[]
    ).map((i) => ({
      id: i.pledge_item_id,
      designId: i.jewell_design_id,
      grossMg: Math.round(i.gross_weight * 1000),
      netMg: Math.round(i.net_weight * 1000),
    })),
    twoDecimalWeights: old.twoDecimalWeights,
    renewedFrom: old.id,
  });
  // The new pledge paid out from 1195 first, the rest in cash either way.
  model(w).post(w.today, {
    '1200': loan,
    '4000': -fmi,
    '4100': -doc,
    '1195': -outstanding,
    [cashAccount(method)]: -cashToCustomer,
  });
  w.note(
    `${old.no} (owed ${w.rupees(outstanding)}) → ${nv.pledge_no} loan ${w.rupees(loan)}, cash ${w.rupees(cashToCustomer)}`,
  );
  return true;
}

async function renewalPaymentId(w: Walk, pledgeId: number): Promise<number> {
  const list = (await w.ok('GET', `/pledges/${pledgeId}/payments`)).body as {
    payment_id: number;
    payment_method: string;
    reversed: boolean;
  }[];
  const found = list.filter((x) => x.payment_method === 'renewal' && !x.reversed);
  if (found.length !== 1) w.fail(`pledge ${pledgeId} shows ${found.length} renewal payments`);
  return found[0]!.payment_id;
}

async function moveToBank(w: Walk): Promise<boolean> {
  const cands = payablePledges(w).filter((p) => !p.notice);
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  const principal = p.loanPaise - principalPaid(p);
  if (principal < 100_00) return false;
  const amount = w.rng.int(Math.floor(principal * 0.4), Math.floor(principal * 0.9));
  const receivedBy = w.rng.chance(0.7) ? 'bank' : 'cash';
  await w.ok('POST', `/pledges/${p.id}/move-to-bank`, {
    bank_id: w.masters.bankId,
    pledged_on: w.today,
    amount_borrowed: w.rupees(amount),
    bank_reference: `IB-GL-${w.stepNo}`,
    received_by: receivedBy,
  });
  p.bank = { amountPaise: amount, pledgedOn: w.today };
  p.later.add('bank');
  model(w).post(w.today, { [receivedBy === 'cash' ? '1000' : '1190']: amount, '2200': -amount });
  w.touched.add(p.id);
  w.note(`${p.no} borrowed ${w.rupees(amount)} by ${receivedBy}`);
  return true;
}

async function returnFromBank(w: Walk): Promise<boolean> {
  const cands = [...model(w).pledges.values()].filter((p) => p.bank);
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  const bank = p.bank!;
  // A same-day return owes the bank nothing: 0 is taken (only the screen once refused it).
  const interest = w.rng.chance(0.2) ? 0 : w.rng.int(1, Math.max(1, Math.floor(bank.amountPaise / 50)));
  const paidBy = w.rng.chance(0.7) ? 'bank' : 'cash';
  await w.ok('POST', `/pledges/${p.id}/return-from-bank`, {
    returned_on: w.today,
    bank_interest: w.rupees(interest),
    paid_by: paidBy,
    return_reference: `IB-RET-${w.stepNo}`,
  });
  model(w).post(w.today, {
    '2200': bank.amountPaise,
    '5300': interest,
    [paidBy === 'cash' ? '1000' : '1190']: -(bank.amountPaise + interest),
  });
  p.bank = null;
  p.later.add('bank-returned');
  w.touched.add(p.id);
  w.note(`${p.no} repaid ${w.rupees(bank.amountPaise)} + interest ${w.rupees(interest)} by ${paidBy}`);
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Notices, lots, sales, surpluses and shortfalls

function noticeCandidates(w: Walk): ModelPledge[] {
  return [...model(w).pledges.values()].filter(
    (p) =>
      p.state === 'open' &&
      !p.bank &&
      !p.lot &&
      !p.notice &&
      isOverdue(p.dueDate, 0, w.today) &&
      (p.twoDecimalWeights || !w.known(KNOWN.notice3Decimals)),
  );
}

async function createNotices(w: Walk): Promise<boolean> {
  const cands = noticeCandidates(w);
  if (cands.length === 0) return false;
  const chosen = w.rng.some(cands, w.rng.int(1, 3));
  w.note(
    chosen
      .map((p) => `${p.no} (${p.items.map((i) => `${grams(i.grossMg)}/${grams(i.netMg)} g`).join(', ')})`)
      .join(', '),
  );
  const a = await w.ok('POST', '/notices', { notice_date: w.today, pledge_ids: chosen.map((p) => p.id) });
  for (const n of a.body.notices as {
    id: number;
    pledge_id: number;
    sale_after: string;
    principal_due: number;
    interest_due: number;
  }[]) {
    const p = model(w).pledges.get(n.pledge_id)!;
    const b = model(w).balanceOf(p, w.today);
    const saleAfter = addDays(w.today, w.masters.noticeWaitDays);
    if (
      n.sale_after !== saleAfter ||
      rupeesToPaise(n.principal_due) !== b.remainingPrincipalPaise ||
      rupeesToPaise(n.interest_due) !== b.remainingInterestPaise
    ) {
      w.fail(
        `notice of ${p.no}: ${JSON.stringify(n).slice(0, 300)}; the model: sale after ${saleAfter}, principal ${w.rupees(b.remainingPrincipalPaise)}, interest ${w.rupees(b.remainingInterestPaise)}`,
      );
    }
    p.notice = { id: n.id, date: w.today, sentOn: null, saleAfter };
    p.later.add('notice');
    w.touched.add(p.id);
  }
  return true;
}

async function sendNotice(w: Walk): Promise<boolean> {
  const cands = [...model(w).pledges.values()].filter(
    (p) => p.state === 'open' && p.notice && p.notice.sentOn === null,
  );
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  const n = p.notice!;
  const a = await w.ok('PATCH', `/notices/${n.id}`, { sent_on: w.today, tracking_no: `RP${w.stepNo}IN` });
  const later = addDays(w.today, w.masters.noticeWaitDays);
  const saleAfter = later > n.saleAfter ? later : n.saleAfter;
  if (a.body.sale_after !== saleAfter)
    w.fail(`notice of ${p.no} sent on ${w.today}: sale after ${a.body.sale_after}, the model ${saleAfter}`);
  n.sentOn = w.today;
  n.saleAfter = saleAfter;
  w.note(`${p.no} (sale after ${saleAfter})`);
  return true;
}

function lotCandidates(w: Walk): ModelPledge[] {
  return [...model(w).pledges.values()].filter(
    (p) => p.state === 'open' && !p.bank && !p.lot && p.notice?.sentOn && p.notice.saleAfter <= w.today,
  );
}

async function makeLot(w: Walk): Promise<boolean> {
  const cands = lotCandidates(w);
  if (cands.length === 0) return false;
  // The server's list of eligible pledges is the model's.
  const eligible = (await w.ok('GET', `/auctions/eligible?as_of=${w.today}`)).body as
    | { pledge_id: number }[]
    | { items: { pledge_id: number }[] };
  const ids = new Set((Array.isArray(eligible) ? eligible : eligible.items).map((e) => e.pledge_id));
  const want = new Set(cands.map((p) => p.id));
  if (ids.size !== want.size || [...want].some((id) => !ids.has(id))) {
    w.fail(`eligible for a lot on ${w.today}: server ${[...ids].join(',')}, model ${[...want].join(',')}`);
  }
  const chosen = w.rng.some(cands, w.rng.int(1, 3));
  const a = await w.ok('POST', '/auctions', {
    auction_date: w.today,
    venue: 'Branch premises',
    auctioneer: 'K. Ramasamy',
    pledge_ids: chosen.map((p) => p.id),
  });
  model(w).lots.set(a.body.id, {
    id: a.body.id,
    no: a.body.lot_no,
    date: w.today,
    pledgeIds: new Set(chosen.map((p) => p.id)),
  });
  for (const p of chosen) {
    p.lot = { id: a.body.id };
    p.later.add('lot');
    w.touched.add(p.id);
  }
  w.note(`${a.body.lot_no}: ${chosen.map((p) => p.no).join(', ')}`);
  return true;
}

async function sell(w: Walk): Promise<boolean> {
  const cands = [...model(w).pledges.values()].filter(
    (p) => p.state === 'open' && p.lot && (model(w).lastPaymentDate(p) ?? '') <= w.today,
  );
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  const b = model(w).balanceOf(p, w.today);
  const owed = b.totalOutstandingPaise;
  const kind = w.rng.weighted({ surplus: 5, shortfall: 4, exact: 1 });
  const price =
    kind === 'exact'
      ? owed
      : kind === 'surplus'
        ? owed + w.rng.int(1, Math.max(1, Math.floor(owed / 2)))
        : w.rng.int(Math.floor(owed * 0.3), owed - 1);
  if (price <= 0) return false;
  const method = w.rng.chance(0.6) ? 'cash' : w.rng.pick(NON_CASH);
  const a = await w.ok('POST', `/auctions/${p.lot!.id}/sales`, {
    pledge_id: p.id,
    sale_date: w.today,
    auctioneer: 'K. Ramasamy',
    buyer_name: 'Sri Vinayaga Jewellers',
    sale_price: w.rupees(price),
    payment_method: method,
    ...(method === 'cash' ? {} : { payment_reference: `CHQ${w.stepNo}` }),
    cash_limit_confirmed: true,
  });
  const surplus = Math.max(0, price - owed);
  const shortfall = Math.max(0, owed - price);
  const v = a.body;
  if (
    rupeesToPaise(v.outstanding) !== owed ||
    rupeesToPaise(v.surplus) !== surplus ||
    rupeesToPaise(v.shortfall) !== shortfall
  ) {
    w.fail(
      `sale of ${p.no} at ${w.rupees(price)}: outstanding ${v.outstanding}, surplus ${v.surplus}, shortfall ${v.shortfall}; the model: ${w.rupees(owed)}, ${w.rupees(surplus)}, ${w.rupees(shortfall)}`,
    );
  }
  model(w).post(w.today, {
    [cashAccount(method)]: price,
    '1200': -b.remainingPrincipalPaise,
    '4000': -b.remainingInterestPaise,
    '2100': -surplus,
    '1210': shortfall,
  });
  if (surplus > 0)
    model(w).surpluses.set(v.surplus_id, {
      id: v.surplus_id,
      pledgeId: p.id,
      saleDate: w.today,
      amountPaise: surplus,
      settled: false,
    });
  if (shortfall > 0)
    model(w).shortfalls.set(v.shortfall_id, {
      id: v.shortfall_id,
      pledgeId: p.id,
      saleDate: w.today,
      amountPaise: shortfall,
      openPaise: shortfall,
    });
  p.state = 'sold';
  p.closedDate = w.today;
  p.released = true;
  p.lot = null;
  p.later.add('sale');
  w.touched.add(p.id);
  w.note(`${p.no} owed ${w.rupees(owed)} sold at ${w.rupees(price)} (${kind})`);
  return true;
}

async function withdraw(w: Walk): Promise<boolean> {
  const cands = [...model(w).pledges.values()].filter((p) => p.state === 'open' && p.lot);
  if (cands.length === 0) return false;
  const p = w.rng.pick(cands);
  await w.ok('POST', `/auctions/${p.lot!.id}/withdraw`, {
    pledge_id: p.id,
    reason: 'The pawner came to pay',
  });
  p.lot = null;
  p.later.add('withdrawn');
  w.touched.add(p.id);
  w.note(p.no);
  return true;
}

async function settleSurplus(w: Walk, how: 'pay' | 'deposit'): Promise<boolean> {
  const cands = [...model(w).surpluses.values()].filter(
    (s) =>
      !s.settled &&
      (how === 'pay' || surplusDepositDueDate(s.saleDate, w.masters.surplusHoldMonths) <= w.today),
  );
  if (cands.length === 0) return false;
  const s = w.rng.pick(cands);
  const method = w.rng.chance(0.6) ? 'cash' : 'bank_transfer';
  const ref = method === 'cash' ? {} : { reference: `NEFT-SP${w.stepNo}` };
  if (how === 'pay') {
    await w.ok('POST', `/auction-surpluses/${s.id}/pay`, {
      paid_on: w.today,
      paid_to: 'The pawner',
      method,
      ...ref,
      cash_limit_confirmed: true,
    });
  } else {
    await w.ok('POST', `/auction-surpluses/${s.id}/deposit`, {
      deposited_on: w.today,
      reference: `TRY-CHALLAN-${w.stepNo}`,
      method,
    });
  }
  s.settled = true;
  model(w).post(w.today, { '2100': s.amountPaise, [cashAccount(method)]: -s.amountPaise });
  w.note(`${s.id} ${w.rupees(s.amountPaise)} ${method}`);
  return true;
}

async function settleShortfall(w: Walk, how: 'collect' | 'write-off'): Promise<boolean> {
  const cands = [...model(w).shortfalls.values()].filter((s) => s.openPaise > 0);
  if (cands.length === 0) return false;
  const s = w.rng.pick(cands);
  const amount = partOf(w, s.openPaise);
  if (how === 'collect') {
    const method = pickMethod(w);
    await w.ok('POST', `/auction-shortfalls/${s.id}/collect`, {
      on: w.today,
      amount: w.rupees(amount),
      method,
      ...(method === 'cash' ? {} : { reference: `UTR-SF${w.stepNo}` }),
      cash_limit_confirmed: true,
    });
    model(w).post(w.today, { [cashAccount(method)]: amount, '1210': -amount });
  } else {
    await w.ok('POST', `/auction-shortfalls/${s.id}/write-off`, {
      on: w.today,
      amount: w.rupees(amount),
      reason: 'The pawner cannot be traced',
    });
    model(w).post(w.today, { '5200': amount, '1210': -amount });
  }
  s.openPaise -= amount;
  w.note(`${s.id} ${w.rupees(amount)} of ${w.rupees(s.openPaise + amount)}`);
  return true;
}

// ---------------------------------------------------------------------------------------------------
// The day: rates, vouchers, drawer, close

async function newRate(w: Walk): Promise<boolean> {
  if (w.masters.rates.some((r) => r.date === w.today)) return false;
  const paise = Math.max(100_00, w.rateOn(w.today) + w.rng.int(-200_00, 250_00));
  await jewelRateFor(w.t, w.actor, w.masters.jewelTypeId, w.today, { rate_per_gram: w.rupees(paise) });
  w.masters.rates.push({ date: w.today, paise });
  w.note(`₹${w.rupees(paise)} a gram`);
  return true;
}

async function voucherStep(w: Walk): Promise<boolean> {
  const kind = w.rng.pick(['capital', 'drawings', 'deposit', 'withdrawal'] as const);
  const cash = model(w).balances.get('1000')!;
  const bank = model(w).balances.get('1190')!;
  const amount = w.rng.int(1_000_00, 2_00_000_00);
  if ((kind === 'drawings' || kind === 'deposit') && amount > cash) return false;
  if (kind === 'withdrawal' && amount > bank) return false;
  await manualVoucher(w, kind, amount);
  return true;
}

async function openDrawerStep(w: Walk): Promise<boolean> {
  if (model(w).drawer?.date === w.today) return false;
  await openDrawer(w);
  return true;
}

async function nextDay(w: Walk): Promise<boolean> {
  await closeDrawer(w);
  if (w.rng.chance(0.85) && !model(w).closedDays.has(w.today)) {
    await w.ok('POST', `/days/${w.today}/close`, { remarks: 'Day end' });
    model(w).closedDays.add(w.today);
  }
  const how = w.rng.weighted({ next: 25, week: 35, weeks: 40 });
  const days = how === 'next' ? 1 : how === 'week' ? w.rng.int(2, 7) : w.rng.int(8, 25);
  w.note(`+${days} days`);
  await w.advance(days);
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Invalid steps: each must be refused with a 4xx and leave the books as they were

const invalid = {
  async interestAboveDue(w: Walk) {
    const cands = payablePledges(w);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    const b = model(w).balanceOf(p, w.today);
    const amount = b.remainingInterestPaise + w.rng.int(1, 1000_00);
    w.note(`${p.no} interest ${w.rupees(amount)} of ${w.rupees(b.remainingInterestPaise)}`);
    await w.refused(
      'POST',
      '/pledge-payments/',
      {
        pledge_id: p.id,
        payment_date: w.today,
        payment_type: 'interest',
        amount: w.rupees(amount),
        payment_method: 'cash',
        cash_limit_confirmed: true,
      },
      { statuses: [422] },
    );
    return true;
  },
  async fullPaymentWrongAmount(w: Walk) {
    const cands = payablePledges(w).filter((p) => model(w).balanceOf(p, w.today).totalOutstandingPaise > 1);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    const owed = model(w).balanceOf(p, w.today).totalOutstandingPaise;
    const amount = w.rng.chance(0.5) ? owed - 1 : owed + w.rng.int(1, 500_00);
    w.note(`${p.no} ${w.rupees(amount)} against ${w.rupees(owed)}`);
    await w.refused(
      'POST',
      '/pledge-payments/',
      {
        pledge_id: p.id,
        payment_date: w.today,
        payment_type: 'full_payment',
        amount: w.rupees(amount),
        payment_method: 'cash',
        cash_limit_confirmed: true,
      },
      { statuses: [422] },
    );
    return true;
  },
  async payClosedPledge(w: Walk) {
    const cands = [...model(w).pledges.values()].filter((p) => p.state !== 'open');
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(`${p.no} (${p.state})`);
    await w.refused('POST', '/pledge-payments/', {
      pledge_id: p.id,
      payment_date: w.today,
      payment_type: 'interest',
      amount: 100,
      payment_method: 'cash',
    });
    return true;
  },
  async payAtBank(w: Walk) {
    const cands = [...model(w).pledges.values()].filter((p) => p.bank);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(p.no);
    await w.refused(
      'POST',
      '/pledge-payments/',
      {
        pledge_id: p.id,
        payment_date: w.today,
        payment_type: 'full_payment',
        amount: w.rupees(model(w).balanceOf(p, w.today).totalOutstandingPaise),
        payment_method: 'cash',
        cash_limit_confirmed: true,
      },
      { statuses: [409] },
    );
    return true;
  },
  async reverseNotLatest(w: Walk) {
    const cands = [...model(w).pledges.values()].filter((p) => p.payments.length >= 2);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    const pay = p.payments[w.rng.int(0, p.payments.length - 2)]!;
    w.note(`${p.no} payment ${pay.paymentId} of ${pay.date}`);
    await w.refused(
      'POST',
      `/pledge-payments/${pay.paymentId}/reverse`,
      { reason: 'Trying an earlier receipt' },
      { statuses: [409] },
    );
    return true;
  },
  async reverseTwice(w: Walk) {
    const cands = [...model(w).receipts.values()].filter((r) => r.reversed);
    if (cands.length === 0) return false;
    const r = w.rng.pick(cands);
    w.note(`receipt ${r.no}`);
    await w.refused(
      'POST',
      `/pledge-payments/${[...r.parts.values()][0]!.paymentId}/reverse`,
      { reason: 'Again' },
      { statuses: [409] },
    );
    return true;
  },
  async reverseRenewalOrReleased(w: Walk) {
    // A renewal's closing payment, or the payment that closed a pledge whose articles were released.
    const cands = [...model(w).receipts.values()].filter(
      (r) =>
        !r.reversed &&
        latestOnAll(w, r) &&
        (r.method === 'renewal' || [...r.closed].some((id) => model(w).pledges.get(id)!.released)),
    );
    if (cands.length === 0) return false;
    const r = w.rng.pick(cands);
    w.note(`receipt ${r.no} (${r.method === 'renewal' ? 'renewal' : 'released'})`);
    await w.refused(
      'POST',
      `/pledge-payments/${[...r.parts.values()][0]!.paymentId}/reverse`,
      { reason: 'Undo' },
      { statuses: [409] },
    );
    return true;
  },
  async reverseAfterSaleLotOrBank(w: Walk) {
    // The reversal rule: a payment on a pledge later sold, put in a lot or re-pledged must not be reversed.
    if (w.known(KNOWN.reverseAfterLaterEvent)) return false;
    const cands = [...model(w).receipts.values()].filter(
      (r) =>
        !r.reversed &&
        r.method !== 'renewal' &&
        latestOnAll(w, r) &&
        [...r.parts.keys()].some((id) => {
          const p = model(w).pledges.get(id)!;
          return (
            p.later.has('sale') ||
            (p.later.has('lot') && p.lot !== null) ||
            (p.later.has('bank') && p.bank !== null)
          );
        }),
    );
    if (cands.length === 0) return false;
    const r = w.rng.pick(cands);
    w.note(`receipt ${r.no}`);
    await w.refused(
      'POST',
      `/pledge-payments/${[...r.parts.values()][0]!.paymentId}/reverse`,
      { reason: 'Undo' },
      { statuses: [409] },
    );
    return true;
  },
  async releaseOpen(w: Walk) {
    const cands = [...model(w).pledges.values()].filter((p) => p.state === 'open');
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(`${p.no}${p.bank ? ' (at a bank)' : ''}`);
    const code = p.bank && !w.known(KNOWN.releaseAtBankReason) ? 'PLEDGE_AT_BANK' : undefined;
    await w.refused(
      'POST',
      `/pledges/${p.id}/release`,
      { released_on: w.today, receiver_kind: 'pawner' },
      { statuses: [409], ...(code ? { code } : {}) },
    );
    return true;
  },
  async releaseTwice(w: Walk) {
    const cands = [...model(w).pledges.values()].filter((p) => p.released);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(p.no);
    await w.refused(
      'POST',
      `/pledges/${p.id}/release`,
      { released_on: w.today, receiver_kind: 'pawner' },
      { statuses: [409] },
    );
    return true;
  },
  async renewClosed(w: Walk) {
    const cands = [...model(w).pledges.values()].filter((p) => p.state !== 'open' || p.bank || p.lot);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(`${p.no} (${p.state}${p.bank ? ', at a bank' : ''}${p.lot ? ', in a lot' : ''})`);
    await w.refused(
      'POST',
      `/pledges/${p.id}/renew`,
      {
        renewal_date: w.today,
        items: { keep: p.items.map((i) => ({ pledge_item_id: i.id })), add: [] },
        total_loan_amount: 1000,
        payment_method: 'cash',
        cash_limit_confirmed: true,
      },
      { statuses: [409] },
    );
    return true;
  },
  async renewWeightUp(w: Walk) {
    // Gold does not gain weight at a renewal.
    if (w.known(KNOWN.renewalWeightUp)) return false;
    const cands = payablePledges(w);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    const i = p.items[0]!;
    w.note(`${p.no} item of ${grams(i.netMg)} g kept as ${grams(i.grossMg * 10)} g`);
    await w.refused('POST', `/pledges/${p.id}/renew`, {
      renewal_date: w.today,
      items: {
        keep: [
          { pledge_item_id: i.id, gross_weight: grams(i.grossMg * 10), net_weight: grams(i.netMg * 10) },
        ],
        add: [],
      },
      total_loan_amount: w.rupees(p.loanPaise),
      payment_method: 'cash',
      cash_limit_confirmed: true,
    });
    return true;
  },
  async editPaidPledge(w: Walk) {
    // A pledge with a payment, or opened by a renewal (its payout settled the old pledge).
    const cands = [...model(w).pledges.values()].filter(
      (p) => p.state === 'open' && (p.payments.length > 0 || p.renewedFrom !== null),
    );
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(p.no);
    await w.refused(
      'PUT',
      `/pledges/${p.id}/with-items`,
      editBody(w, p, Math.max(100_00, p.loanPaise - 100_00)),
      { statuses: [409] },
    );
    return true;
  },
  async editInClosedDay(w: Walk) {
    // A pledge dated on a closed day, or moved into one, does not change.
    if (w.known(KNOWN.editClosedDay)) return false;
    const cands = [...model(w).pledges.values()].filter(
      (p) =>
        p.state === 'open' &&
        p.payments.length === 0 &&
        p.renewedFrom === null &&
        !p.notice &&
        !p.lot &&
        !p.bank,
    );
    const closed = [...model(w).closedDays];
    if (cands.length === 0 || closed.length === 0) return false;
    const p = w.rng.pick(cands);
    const inClosedDay = model(w).closedDays.has(p.pledgeDate);
    const date = inClosedDay ? p.pledgeDate : closed.filter((d) => d >= addDays(w.today, -25)).pop();
    if (!date) return false;
    w.note(`${p.no} of ${p.pledgeDate} with pledge date ${date}`);
    await w.refused(
      'PUT',
      `/pledges/${p.id}/with-items`,
      editBody(w, p, Math.max(100_00, p.loanPaise - 100_00), date),
      { statuses: [409] },
    );
    return true;
  },
  async editAtEnd(w: Walk) {
    // A pledge in a lot, under a notice or at a bank keeps its loan.
    if (w.known(KNOWN.editAtEnd)) return false;
    const cands = [...model(w).pledges.values()].filter(
      (p) =>
        p.state === 'open' &&
        p.payments.length === 0 &&
        p.renewedFrom === null &&
        (p.notice || p.lot || p.bank),
    );
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(p.no);
    await w.refused(
      'PUT',
      `/pledges/${p.id}/with-items`,
      editBody(w, p, Math.max(100_00, Math.floor(p.loanPaise / 2))),
      { statuses: [409] },
    );
    return true;
  },
  async moveClosedToBank(w: Walk) {
    const cands = [...model(w).pledges.values()].filter((p) => p.state !== 'open' || p.bank);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(`${p.no} (${p.state}${p.bank ? ', already at a bank' : ''})`);
    await w.refused(
      'POST',
      `/pledges/${p.id}/move-to-bank`,
      {
        bank_id: w.masters.bankId,
        pledged_on: w.today,
        amount_borrowed: 1000,
        bank_reference: 'IB-X',
      },
      { statuses: [409] },
    );
    return true;
  },
  async moveLotToBank(w: Walk) {
    // Articles catalogued for an auction are not re-pledged with a bank (a lot refuses a pledge at a
    // bank, a renewal one in a lot); on main the move is taken (201) and the lot still lists them.
    if (w.known(KNOWN.moveLotToBank)) return false;
    const cands = [...model(w).pledges.values()].filter((p) => p.state === 'open' && p.lot && !p.bank);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(`${p.no} in lot ${model(w).lots.get(p.lot!.id)!.no}`);
    await w.refused(
      'POST',
      `/pledges/${p.id}/move-to-bank`,
      {
        bank_id: w.masters.bankId,
        pledged_on: w.today,
        amount_borrowed: 1000,
        bank_reference: 'IB-LOT',
      },
      { statuses: [409] },
    );
    return true;
  },
  async returnNotAtBank(w: Walk) {
    const cands = [...model(w).pledges.values()].filter((p) => !p.bank);
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(p.no);
    await w.refused(
      'POST',
      `/pledges/${p.id}/return-from-bank`,
      { returned_on: w.today, bank_interest: 10, paid_by: 'bank' },
      { statuses: [409] },
    );
    return true;
  },
  async noticeNotOverdue(w: Walk) {
    const cands = [...model(w).pledges.values()].filter(
      (p) => p.state === 'open' && !isOverdue(p.dueDate, 0, w.today),
    );
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(`${p.no} due ${p.dueDate}`);
    await w.refused('POST', '/notices', { notice_date: w.today, pledge_ids: [p.id] });
    return true;
  },
  async lotWithoutSentNotice(w: Walk) {
    const cands = [...model(w).pledges.values()].filter(
      (p) => p.state === 'open' && !p.lot && !p.bank && (!p.notice?.sentOn || p.notice.saleAfter > w.today),
    );
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(
      `${p.no} (notice ${p.notice ? (p.notice.sentOn ? `sale after ${p.notice.saleAfter}` : 'not sent') : 'none'})`,
    );
    await w.refused('POST', '/auctions', { auction_date: w.today, pledge_ids: [p.id] });
    return true;
  },
  async sellNotInLot(w: Walk) {
    const lots = [...model(w).lots.values()];
    const cands = [...model(w).pledges.values()].filter((p) => p.state === 'open' && !p.lot);
    if (lots.length === 0 || cands.length === 0) return false;
    const lot = w.rng.pick(lots);
    const p = w.rng.pick(cands);
    w.note(`${p.no} in lot ${lot.no}`);
    await w.refused(
      'POST',
      `/auctions/${lot.id}/sales`,
      {
        pledge_id: p.id,
        sale_date: w.today,
        auctioneer: 'K. Ramasamy',
        buyer_name: 'Someone',
        sale_price: 50000,
        payment_method: 'cash',
        cash_limit_confirmed: true,
      },
      { statuses: [409, 422] },
    );
    return true;
  },
  async paySurplusTwice(w: Walk) {
    const cands = [...model(w).surpluses.values()].filter((s) => s.settled);
    if (cands.length === 0) return false;
    const s = w.rng.pick(cands);
    w.note(`surplus ${s.id}`);
    await w.refused(
      'POST',
      `/auction-surpluses/${s.id}/pay`,
      { paid_on: w.today, method: 'cash', cash_limit_confirmed: true },
      { statuses: [409] },
    );
    return true;
  },
  async depositTooEarly(w: Walk) {
    const cands = [...model(w).surpluses.values()].filter(
      (s) => !s.settled && surplusDepositDueDate(s.saleDate, w.masters.surplusHoldMonths) > w.today,
    );
    if (cands.length === 0) return false;
    const s = w.rng.pick(cands);
    w.note(`surplus ${s.id} of ${s.saleDate}`);
    await w.refused(
      'POST',
      `/auction-surpluses/${s.id}/deposit`,
      { deposited_on: w.today, reference: 'EARLY' },
      { statuses: [409] },
    );
    return true;
  },
  async collectAboveShortfall(w: Walk) {
    const cands = [...model(w).shortfalls.values()].filter((s) => s.openPaise > 0);
    if (cands.length === 0) return false;
    const s = w.rng.pick(cands);
    w.note(`shortfall ${s.id}: ${w.rupees(s.openPaise + 1)} of ${w.rupees(s.openPaise)}`);
    await w.refused(
      'POST',
      `/auction-shortfalls/${s.id}/collect`,
      { on: w.today, amount: w.rupees(s.openPaise + 1), method: 'cash', cash_limit_confirmed: true },
      { statuses: [422] },
    );
    return true;
  },
  async secondDrawer(w: Walk) {
    if (model(w).drawer?.date !== w.today) return false;
    await w.refused(
      'POST',
      '/cash-drawer/open',
      { business_date: w.today, denominations: countOf(1000_00) },
      { statuses: [409] },
    );
    return true;
  },
  async drawerUnknownNote(w: Walk) {
    // A ₹2,000 note in a count is refused, not dropped.
    if (
      w.known(KNOWN.drawerUnknownNote) ||
      model(w).drawer?.date !== w.today ||
      model(w).drawer?.status !== 'open'
    )
      return false;
    await w.refused(
      'POST',
      '/cash-drawer/close',
      { business_date: w.today, denominations: { ...countOf(w.model.drawerExpectedPaise()), '2000': 5 } },
      { statuses: [422] },
    );
    return true;
  },
  async closeDayWithDrawerOpen(w: Walk) {
    if (model(w).drawer?.date !== w.today || model(w).drawer?.status !== 'open') return false;
    await w.refused('POST', `/days/${w.today}/close`, { remarks: 'Too early' }, { statuses: [409] });
    return true;
  },
  async moneyIntoClosedDay(w: Walk) {
    // Every operation that posts a voucher is refused on a closed day, as a manual voucher is.
    const closed = [...model(w).closedDays].sort();
    if (closed.length === 0) return false;
    const d = closed[closed.length - 1]!;
    const onDay = (p: ModelPledge) => p.pledgeDate <= d && (model(w).lastPaymentDate(p) ?? '') <= d;
    const options: (() => Promise<boolean>)[] = [];
    const payable = payablePledges(w).filter(onDay);
    if (payable.length > 0) {
      const p = w.rng.pick(payable);
      const owed = model(w).balanceOf(p, d).totalOutstandingPaise;
      options.push(async () => {
        w.note(`payment of ${p.no} dated ${d}`);
        await w.refused(
          'POST',
          '/pledge-payments/',
          {
            pledge_id: p.id,
            payment_date: d,
            payment_type: 'full_payment',
            amount: w.rupees(owed),
            payment_method: 'bank',
            bank_reference: 'LATE',
          },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
      options.push(async () => {
        w.note(`move of ${p.no} to a bank dated ${d}`);
        await w.refused(
          'POST',
          `/pledges/${p.id}/move-to-bank`,
          {
            bank_id: w.masters.bankId,
            pledged_on: d,
            amount_borrowed: 1000,
            bank_reference: 'IB-LATE',
          },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
      options.push(async () => {
        w.note(`renewal of ${p.no} dated ${d}`);
        await w.refused(
          'POST',
          `/pledges/${p.id}/renew`,
          {
            renewal_date: d,
            items: { keep: p.items.map((i) => ({ pledge_item_id: i.id })), add: [] },
            total_loan_amount: w.rupees(Math.max(owed, Math.min(eligibleOf(w, p, d), owed + 100_00))),
            payment_method: 'bank_transfer',
            payment_reference: 'LATE',
            cash_limit_confirmed: true,
          },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
    }
    if (w.masters.customers.length > 0) {
      options.push(async () => {
        const rate = w.rateOn(d);
        const netMg = 10_000;
        const loan = Math.floor(
          eligibleLoanPaise(itemValuePaise(netMg, rate), w.masters.schemes[0]!.ltvBp) / 2,
        );
        w.note(`new pledge dated ${d}`);
        await w.refused(
          'POST',
          '/pledges/with-items',
          {
            customer_id: w.masters.customers[0],
            scheme_id: w.masters.schemes[0]!.id,
            pledge_date: d,
            total_loan_amount: w.rupees(loan),
            payout_method: 'bank_transfer',
            payout_reference: 'LATE',
            cash_limit_confirmed: true,
            items: [{ jewell_design_id: w.masters.designIds[0], gross_weight: 10.5, net_weight: 10 }],
          },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
    }
    const atBank = [...model(w).pledges.values()].filter((p) => p.bank && p.bank.pledgedOn <= d);
    if (atBank.length > 0) {
      const p = w.rng.pick(atBank);
      options.push(async () => {
        w.note(`return of ${p.no} from the bank dated ${d}`);
        await w.refused(
          'POST',
          `/pledges/${p.id}/return-from-bank`,
          { returned_on: d, bank_interest: 10, paid_by: 'bank' },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
    }
    const surplus = [...model(w).surpluses.values()].filter((x) => !x.settled && x.saleDate <= d);
    if (surplus.length > 0) {
      const x = w.rng.pick(surplus);
      options.push(async () => {
        w.note(`surplus ${x.id} paid on ${d}`);
        await w.refused(
          'POST',
          `/auction-surpluses/${x.id}/pay`,
          { paid_on: d, method: 'bank_transfer', reference: 'LATE' },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
    }
    const shortfall = [...model(w).shortfalls.values()].filter((x) => x.openPaise > 0 && x.saleDate <= d);
    if (shortfall.length > 0) {
      const x = w.rng.pick(shortfall);
      options.push(async () => {
        w.note(`shortfall ${x.id} collected on ${d}`);
        await w.refused(
          'POST',
          `/auction-shortfalls/${x.id}/collect`,
          { on: d, amount: 1, method: 'bank', reference: 'LATE' },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
      options.push(async () => {
        w.note(`shortfall ${x.id} written off on ${d}`);
        await w.refused(
          'POST',
          `/auction-shortfalls/${x.id}/write-off`,
          { on: d, amount: 1, reason: 'Late' },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
    }
    const inLot = [...model(w).pledges.values()].filter(
      (p) =>
        p.state === 'open' &&
        p.lot &&
        model(w).lots.get(p.lot.id)!.date <= d &&
        onDay(p) &&
        p.notice!.saleAfter <= d,
    );
    if (inLot.length > 0) {
      const p = w.rng.pick(inLot);
      options.push(async () => {
        w.note(`sale of ${p.no} dated ${d}`);
        await w.refused(
          'POST',
          `/auctions/${p.lot!.id}/sales`,
          {
            pledge_id: p.id,
            sale_date: d,
            auctioneer: 'K. Ramasamy',
            buyer_name: 'Late buyer',
            sale_price: 1000,
            payment_method: 'bank',
            payment_reference: 'LATE',
          },
          { statuses: [409], code: 'DAY_CLOSED' },
        );
        return true;
      });
    }
    options.push(async () => {
      w.note(`drawer opened on ${d}`);
      await w.refused(
        'POST',
        '/cash-drawer/open',
        { business_date: d, denominations: countOf(1000_00) },
        { statuses: [409], code: 'DAY_CLOSED' },
      );
      return true;
    });
    return w.rng.pick(options)();
  },
  async cashIntoClosedDrawer(w: Walk) {
    // Cash dated on an open day whose drawer was counted and closed: no drawer would hold it.
    const days = [...model(w).drawerClosedDays]
      .filter((d) => d < w.today && !model(w).closedDays.has(d))
      .sort();
    const d = days[days.length - 1];
    if (!d) return false;
    const cands = payablePledges(w).filter(
      (p) =>
        p.pledgeDate <= d &&
        (model(w).lastPaymentDate(p) ?? '') <= d &&
        model(w).balanceOf(p, d).remainingInterestPaise > 0,
    );
    if (cands.length === 0) return false;
    const p = w.rng.pick(cands);
    w.note(`${p.no} cash dated ${d}`);
    await w.refused(
      'POST',
      '/pledge-payments/',
      {
        pledge_id: p.id,
        payment_date: d,
        payment_type: 'interest',
        amount: w.rupees(model(w).balanceOf(p, d).remainingInterestPaise),
        payment_method: 'cash',
        cash_limit_confirmed: true,
      },
      { statuses: [409], code: 'DRAWER_CLOSED' },
    );
    return true;
  },
  async voucherOnClosedDay(w: Walk) {
    const closed = [...model(w).closedDays];
    if (closed.length === 0) return false;
    const day = w.rng.pick(closed);
    const id = (code: string) => w.masters.accountIds.get(code)!;
    w.note(day);
    await w.refused(
      'POST',
      '/daybook-entries',
      {
        entry_date: day,
        voucher_type: 'Receipt',
        narration: 'Late entry',
        details: [
          { account_id: id('1000'), debit_amount: 500, credit_amount: 0 },
          { account_id: id('3000'), debit_amount: 0, credit_amount: 500 },
        ],
      },
      { statuses: [409] },
    );
    return true;
  },
  async voucherOnPledgeAccount(w: Walk) {
    const id = (code: string) => w.masters.accountIds.get(code)!;
    const code = w.rng.pick(['1200', '1195', '1210', '2100']);
    w.note(code);
    await w.refused('POST', '/daybook-entries', {
      entry_date: w.today,
      voucher_type: 'Journal',
      narration: 'Adjusting the pledge loans by hand',
      details: [
        { account_id: id(code), debit_amount: 500, credit_amount: 0 },
        { account_id: id('3000'), debit_amount: 0, credit_amount: 500 },
      ],
    });
    return true;
  },
} satisfies Record<string, (w: Walk) => Promise<boolean>>;

export const VALID_STEPS: Record<string, StepDef> = {
  createPledge: { weight: 14, run: createPledge },
  payInterest: { weight: 7, run: (w) => singlePayment(w, 'interest') },
  payPrincipal: { weight: 5, run: (w) => singlePayment(w, 'partial_principal') },
  payFull: { weight: 5, run: (w) => singlePayment(w, 'full_payment') },
  backdatedPayment: { weight: 3, run: backdatedPayment },
  payInLot: { weight: 2, run: payInLot },
  reopenDay: { weight: 1, run: reopenDay },
  closePastDay: { weight: 1, run: closePastDay },
  multiplePayment: { weight: 3, run: multiplePayment },
  reverse: { weight: 3, run: reversePayment },
  release: { weight: 4, run: release },
  renew: { weight: 4, run: renew },
  editPledge: { weight: 2, run: editPledge },
  moveToBank: { weight: 3, run: moveToBank },
  returnFromBank: { weight: 3, run: returnFromBank },
  notice: { weight: 10, run: createNotices },
  noticeSent: { weight: 10, run: sendNotice },
  lot: { weight: 8, run: makeLot },
  sale: { weight: 10, run: sell },
  withdraw: { weight: 1, run: withdraw },
  surplusPay: { weight: 4, run: (w) => settleSurplus(w, 'pay') },
  surplusDeposit: { weight: 2, run: (w) => settleSurplus(w, 'deposit') },
  shortfallCollect: { weight: 3, run: (w) => settleShortfall(w, 'collect') },
  shortfallWriteOff: { weight: 2, run: (w) => settleShortfall(w, 'write-off') },
  voucher: { weight: 2, run: voucherStep },
  newRate: { weight: 1, run: newRate },
  openDrawer: { weight: 3, run: openDrawerStep },
  nextDay: { weight: 20, run: nextDay },
};

/** The seams between features come up more often than the plain refusals. */
const INVALID_WEIGHTS: Partial<Record<keyof typeof invalid, number>> = {
  reverseAfterSaleLotOrBank: 4,
  moneyIntoClosedDay: 5,
  cashIntoClosedDrawer: 2,
  moveLotToBank: 3,
  editInClosedDay: 3,
  editAtEnd: 3,
  renewWeightUp: 2,
  drawerUnknownNote: 2,
  releaseOpen: 2,
};

export const INVALID_STEPS: Record<string, StepDef> = Object.fromEntries(
  Object.entries(invalid).map(([k, run]) => [
    k,
    { weight: INVALID_WEIGHTS[k as keyof typeof invalid] ?? 1, run },
  ]),
);

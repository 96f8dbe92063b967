/**
 * The whole-day walk's own model of the books: what every account must hold after each step,
 * worked out from the walk's own arithmetic (packages/domain's interest and valuation rules, the
 * postings of docs/domain-rules.md §6.2 written out by hand here), never read back from the server's ledger.
 */
import { type PaymentParts, type PledgeBalance, pledgeBalance } from '@pledge-desk/domain';

/** The system accounts the walk follows (docs/domain-rules.md §6.1). */
export const ACCOUNTS = [
  '1000',
  '1190',
  '1195',
  '1200',
  '1210',
  '2100',
  '2200',
  '3000',
  '4000',
  '4100',
  '4200',
  '4300',
  '5000',
  '5100',
  '5200',
  '5300',
] as const;
export type Account = (typeof ACCOUNTS)[number];

/** A voucher as the model posts it: account → debit − credit, in paise. */
export type Lines = Partial<Record<Account, number>>;

/** Cash in hand for cash, Bank Clearing for every other method (docs/domain-rules.md §6.2). */
export const cashAccount = (method: string): Account => (method === 'cash' ? '1000' : '1190');

export interface ModelItem {
  id: number;
  designId: number;
  grossMg: number;
  netMg: number;
}

export interface ModelPayment extends PaymentParts {
  paymentId: number;
  receiptId: number;
}

export interface ModelReceipt {
  id: number;
  no: string;
  date: string;
  /** 'renewal' for the payment that closes a renewed pledge. */
  method: string;
  /** pledge id → its payment of this receipt. */
  parts: Map<number, ModelPayment>;
  /** The pledges this receipt closed. */
  closed: Set<number>;
  lines: Lines;
  reversed: boolean;
  /** The cash-in-hand movement (for the drawer) and the day it was posted. */
}

/** What happened to a pledge after its latest payment, for the reversal rule. */
export type LaterEvent =
  | 'sale'
  | 'lot'
  | 'bank'
  | 'bank-returned'
  | 'notice'
  | 'release'
  | 'renewal'
  | 'withdrawn';

export interface ModelPledge {
  id: number;
  no: string;
  customerId: number;
  schemeId: number;
  rateBp: number;
  pledgeDate: string;
  dueDate: string;
  loanPaise: number;
  fmiPaise: number;
  docPaise: number;
  payoutMethod: string;
  items: ModelItem[];
  /** Counted payments (reversed ones are taken out). */
  payments: ModelPayment[];
  state: 'open' | 'closed' | 'renewed' | 'sold';
  closedDate: string | null;
  released: boolean;
  /** Money borrowed on the articles at a bank now. */
  bank: { amountPaise: number; pledgedOn: string } | null;
  notice: { id: number; date: string; sentOn: string | null; saleAfter: string } | null;
  lot: { id: number } | null;
  /** Events since the latest counted payment (or since the pledge was made). */
  later: Set<LaterEvent>;
  /** Every item weight has at most 2 decimals (for the known bug notice-3-decimal-weights). */
  twoDecimalWeights: boolean;
  renewedFrom: number | null;
}

export interface ModelSurplus {
  id: number;
  pledgeId: number;
  saleDate: string;
  amountPaise: number;
  settled: boolean;
}

export interface ModelShortfall {
  id: number;
  pledgeId: number;
  saleDate: string;
  amountPaise: number;
  openPaise: number;
}

export interface ModelLot {
  id: number;
  no: string;
  date: string;
  pledgeIds: Set<number>;
}

export class BooksModel {
  readonly balances = new Map<Account, number>(ACCOUNTS.map((a) => [a, 0]));
  readonly pledges = new Map<number, ModelPledge>();
  readonly receipts = new Map<number, ModelReceipt>();
  readonly surpluses = new Map<number, ModelSurplus>();
  readonly shortfalls = new Map<number, ModelShortfall>();
  readonly lots = new Map<number, ModelLot>();
  readonly closedDays = new Set<string>();
  /** Days whose drawer the walk closed (no more cash may be entered for them). */
  readonly drawerClosedDays = new Set<string>();
  /** Cash-in-hand movements of the walk's user on each day, in order, with the drawer state then. */
  readonly cashByDay = new Map<string, { paise: number; afterDrawerOpened: boolean }[]>();
  drawer: { id: number; date: string; openingPaise: number; status: 'open' | 'closed' } | null = null;

  /** Every voucher the model posted, with its date (for a trial balance as of a past day). */
  readonly postings: { day: string; lines: Lines }[] = [];

  /** The accounts as of the end of `day`: the vouchers dated on or before it. */
  balancesAsOf(day: string): Map<Account, number> {
    const out = new Map<Account, number>(ACCOUNTS.map((a) => [a, 0]));
    for (const v of this.postings) {
      if (v.day > day) continue;
      for (const [a, d] of Object.entries(v.lines) as [Account, number][]) out.set(a, (out.get(a) ?? 0) + d);
    }
    return out;
  }

  /** Posts a voucher's lines (each voucher must balance: the model's own check of its arithmetic). */
  post(day: string, lines: Lines): void {
    this.postings.push({ day, lines });
    let sum = 0;
    for (const [account, delta] of Object.entries(lines) as [Account, number][]) {
      if (!Number.isSafeInteger(delta)) throw new Error(`model: ${account} moves by ${delta} paise`);
      sum += delta;
      this.balances.set(account, (this.balances.get(account) ?? 0) + delta);
    }
    if (sum !== 0) throw new Error(`model: a voucher of ${JSON.stringify(lines)} does not balance`);
    const cash = lines['1000'] ?? 0;
    if (cash !== 0) {
      const list = this.cashByDay.get(day) ?? [];
      list.push({
        paise: cash,
        afterDrawerOpened: this.drawer?.date === day && this.drawer.status === 'open',
      });
      this.cashByDay.set(day, list);
    }
  }

  balanceOf(p: ModelPledge, asOf: string): PledgeBalance {
    return pledgeBalance(
      {
        loanPaise: p.loanPaise,
        rateBp: p.rateBp,
        pledgeDate: p.pledgeDate,
        firstMonthInterestPaise: p.fmiPaise,
        payments: p.payments,
      },
      asOf,
    );
  }

  lastPaymentDate(p: ModelPledge): string | null {
    return p.payments.reduce<string | null>((m, x) => (m === null || x.date > m ? x.date : m), null);
  }

  /** The receipt of a pledge's latest counted payment (the only one that may be reversed). */
  latestReceipt(p: ModelPledge): ModelReceipt | null {
    const last = p.payments[p.payments.length - 1];
    return last ? (this.receipts.get(last.receiptId) ?? null) : null;
  }

  /** Σ remaining principal of the open pledges: what 1200 must hold. */
  openPrincipalPaise(): number {
    let s = 0;
    for (const p of this.pledges.values()) {
      if (p.state !== 'open') continue;
      s += p.loanPaise - p.payments.reduce((a, x) => a + x.principalPaise, 0);
    }
    return s;
  }

  unpaidSurplusPaise(): number {
    let s = 0;
    for (const x of this.surpluses.values()) if (!x.settled) s += x.amountPaise;
    return s;
  }

  bankLoansPaise(): number {
    let s = 0;
    for (const p of this.pledges.values()) if (p.bank) s += p.bank.amountPaise;
    return s;
  }

  openShortfallPaise(): number {
    let s = 0;
    for (const x of this.shortfalls.values()) s += x.openPaise;
    return s;
  }

  /** The cash the walk's drawer must expect: its float and the cash moved on its day since it opened. */
  drawerExpectedPaise(): number {
    if (!this.drawer) throw new Error('model: no drawer');
    const moves = this.cashByDay.get(this.drawer.date) ?? [];
    return (
      this.drawer.openingPaise + moves.filter((m) => m.afterDrawerOpened).reduce((s, m) => s + m.paise, 0)
    );
  }

  /** Open pledges that may take a payment (not at a bank, not in a live lot). */
  payable(): ModelPledge[] {
    return [...this.pledges.values()].filter((p) => p.state === 'open' && !p.bank && !p.lot);
  }
}

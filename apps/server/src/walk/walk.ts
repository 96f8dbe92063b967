/**
 * The whole-day walk (it tests the seams between features): a seeded random walk through the API of one
 * branch's months, which keeps its own model of the books (model.ts) and checks the server against it
 * after every step. The steps are in steps.ts; whole-day.test.ts runs a few seeds in `npm test`.
 *
 * The business clock: the server asks `businessToday()` (the JS clock in the company's time zone) on
 * every request, so the walk moves Date only (vi.useFakeTimers({ toFake: ['Date'] })) to noon IST of
 * each business day, as rates.test.ts does. It signs in before it moves the clock, on a test app whose
 * sessions last 50 years (whole-day.test.ts), so a long walk may pass the real clock.
 */
import { addDays, paiseToRupees, rupeesToPaise } from '@pledge-desk/domain';
import { vi } from 'vitest';
import { type Actor, adminFor, freshCompany } from '../test/fixtures.ts';
import type { TestApp } from '../test/test-app.ts';
import { ACCOUNTS, type Account, BooksModel, type ModelPledge } from './model.ts';
import { Prng } from './prng.ts';
import { INVALID_STEPS, setUpBranch, startDay, VALID_STEPS } from './steps.ts';

/** The first business day of every walk (fixed, so a seed repeats whatever day it runs on). */
export const WALK_START = '2024-04-01';

/** The known bugs still open on main that the walk steps around (see whole-day.test.ts). */
export type KnownOpen = ReadonlySet<string>;

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: an API answer, read field by field by the steps
  body: any;
  text: string;
}

export class WalkFailure extends Error {
  override name = 'WalkFailure';
}

export interface WalkOptions {
  seed: number;
  steps: number;
  knownOpen: KnownOpen;
  /** The share of deliberately invalid steps (about one in ten). */
  invalidShare?: number;
}

export interface WalkSummary {
  seed: number;
  steps: number;
  days: number;
  lastDay: string;
  counts: Record<string, number>;
  profile?: Record<string, { n: number; ms: number }>;
}

export class Walk {
  readonly model = new BooksModel();
  readonly rng: Prng;
  actor!: Actor;
  companyId!: number;
  today = WALK_START;
  stepNo = 0;
  /** The step being run, for the failure message. */
  current = 'setting up the branch';
  readonly log: string[] = [];
  /** Pledges a step touched: their balances are compared with the server's after the step. */
  readonly touched = new Set<number>();
  /** The masters the steps use, set by setUpBranch. */
  masters!: {
    jewelTypeId: number;
    designIds: number[];
    schemes: { id: number; rateBp: number; ltvBp: number; months: number }[];
    bankId: number;
    accountIds: Map<string, number>;
    customers: number[];
    /** Jewel rates of the jewel type: effective date → paise per gram. */
    rates: { date: string; paise: number }[];
    noticeWaitDays: number;
    surplusHoldMonths: number;
  };
  days = 1;
  readonly counts: Record<string, number> = {};
  /** Time spent per route (WALK_PROFILE=1 prints it). */
  readonly profile: Record<string, { n: number; ms: number }> = {};

  constructor(
    readonly t: TestApp,
    readonly options: WalkOptions,
  ) {
    this.rng = new Prng(options.seed);
  }

  known(item: string): boolean {
    return this.options.knownOpen.has(item);
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<Answer> {
    const started = performance.now();
    const res = await this.t.app.inject({
      method,
      url: `/api${url}`,
      headers: this.actor.headers(),
      ...(payload === undefined ? {} : { payload }),
    });
    const key = `${method} ${url.replace(/\d+/g, 'N').replace(/\?.*/, '')}`;
    const prof = this.profile[key] ?? { n: 0, ms: 0 };
    this.profile[key] = prof;
    prof.n += 1;
    prof.ms += performance.now() - started;
    let body: unknown = null;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = null;
    }
    if (res.statusCode >= 500) {
      this.fail(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    }
    return { status: res.statusCode, body, text: res.body };
  }

  /** A step that must succeed: a 2xx, else the walk fails naming the answer. */
  async ok(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<Answer> {
    const a = await this.call(method, url, payload);
    if (a.status < 200 || a.status > 299) {
      this.fail(
        `${method} ${url} was refused (${a.status}): ${a.text.slice(0, 600)}\nbody sent: ${JSON.stringify(payload)}`,
      );
    }
    return a;
  }

  /**
   * A step that must be refused: a 4xx (never 2xx, never 5xx), optionally with one of `statuses` and
   * a `code`. The books are checked unchanged by the verification after the step (the model did not move).
   */
  async refused(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload: object,
    expect: { statuses?: number[]; code?: string } = {},
  ): Promise<Answer> {
    const a = await this.call(method, url, payload);
    if (a.status < 400 || a.status > 499) {
      this.fail(
        `${method} ${url} should have been refused but answered ${a.status}: ${a.text.slice(0, 600)}\nbody sent: ${JSON.stringify(payload)}`,
      );
    }
    if (expect.statuses && !expect.statuses.includes(a.status)) {
      this.fail(
        `${method} ${url} was refused with ${a.status}, expected ${expect.statuses.join(' or ')}: ${a.text.slice(0, 600)}`,
      );
    }
    if (expect.code && a.body?.code !== expect.code) {
      this.fail(
        `${method} ${url} was refused with code ${a.body?.code}, expected ${expect.code}: ${a.text.slice(0, 600)}`,
      );
    }
    return a;
  }

  fail(message: string): never {
    const recent = this.log.slice(-12).join('\n  ');
    throw new WalkFailure(
      `whole-day walk failed: seed ${this.options.seed}, step ${this.stepNo} on ${this.today}: ${this.current}\n` +
        `${message}\n` +
        `repeat it: WALK_SEEDS=${this.options.seed} WALK_STEPS=${this.stepNo} npx vitest run --project server-pglite src/walk\n` +
        `the steps before it:\n  ${recent}`,
    );
  }

  /** Sets the business clock to noon IST of `day`. */
  setClock(day: string): void {
    vi.setSystemTime(new Date(`${day}T06:30:00.000Z`));
    this.today = day;
  }

  /** The jewel rate in force on `day` (the latest effective on or before it). */
  rateOn(day: string): number {
    let best: { date: string; paise: number } | undefined;
    for (const r of this.masters.rates) if (r.date <= day && (!best || r.date >= best.date)) best = r;
    if (!best) throw new Error(`model: no jewel rate on ${day}`);
    return best.paise;
  }

  rupees(paise: number): number {
    return paiseToRupees(paise);
  }

  /** The walk's step: choose a kind that applies, run it, verify the books. */
  async step(): Promise<void> {
    this.stepNo += 1;
    // A second passes between steps, so what was written keeps its order by time as well (the drawer
    // counts the cash moved after it opened; PGlite's now() is this clock).
    vi.setSystemTime(Date.now() + 1000);
    this.touched.clear();
    const invalid = this.rng.chance(this.options.invalidShare ?? 0.1);
    const table = invalid ? INVALID_STEPS : VALID_STEPS;
    const weights = Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v.weight]));
    for (let attempt = 0; attempt < 30; attempt++) {
      const kind = this.rng.weighted(weights);
      const def = table[kind]!;
      const label = `${invalid ? 'invalid ' : ''}${kind}`;
      this.current = label;
      const done = await def.run(this);
      if (done) {
        this.counts[label] = (this.counts[label] ?? 0) + 1;
        this.log.push(`${this.stepNo} ${this.today} ${this.current}`);
        await this.verify();
        return;
      }
    }
    // Nothing applied (rare, early in a walk): a new day always applies.
    this.current = 'nextDay';
    await VALID_STEPS.nextDay!.run(this);
    this.counts.nextDay = (this.counts.nextDay ?? 0) + 1;
    this.log.push(`${this.stepNo} ${this.today} nextDay (fallback)`);
    await this.verify();
  }

  /** Records a detail of the current step in the log line (amounts, pledge numbers). */
  note(text: string): void {
    this.current += ` ${text}`;
  }

  /** The server's trial balance (as of today unless told) as debit − credit per account code, in paise. */
  async trialBalance(
    asOf = this.today,
  ): Promise<{ byCode: Map<string, number>; balanced: boolean; raw: unknown }> {
    const a = await this.ok('GET', `/reports/trial-balance?as_of=${asOf}`);
    const byCode = new Map<string, number>();
    for (const r of a.body.rows as {
      account_code: string;
      closing_debit: number;
      closing_credit: number;
    }[]) {
      byCode.set(r.account_code, rupeesToPaise(r.closing_debit) - rupeesToPaise(r.closing_credit));
    }
    const t = a.body.totals as { closing_debit: number; closing_credit: number };
    const balanced =
      a.body.balanced === true && rupeesToPaise(t.closing_debit) === rupeesToPaise(t.closing_credit);
    return { byCode, balanced, raw: a.body.totals };
  }

  /**
   * After every step: the trial balance balances and equals the model account by account; 1200 = open
   * principal, 2100 = unpaid surpluses, 2200 = bank loans out, 1210 = open shortfalls, 1195 = 0; the
   * books check (npm run check:books) is clean; the pledges the step touched owe what the model says.
   */
  async verify(): Promise<void> {
    const tb = await this.trialBalance();
    const problems: string[] = [];
    if (!tb.balanced) problems.push(`the trial balance does not balance: ${JSON.stringify(tb.raw)}`);
    const api = (code: Account) => tb.byCode.get(code) ?? 0;
    for (const code of ACCOUNTS) {
      const want = this.model.balances.get(code) ?? 0;
      if (api(code) !== want) {
        problems.push(
          `account ${code}: books ${fmt(api(code))}, model ${fmt(want)} (difference ${fmt(api(code) - want)})`,
        );
      }
    }
    const invariants: [string, Account, number][] = [
      ['1200 = open principal', '1200', this.model.openPrincipalPaise()],
      ['2100 = unpaid surpluses', '2100', -this.model.unpaidSurplusPaise()],
      ['2200 = bank loans out', '2200', -this.model.bankLoansPaise()],
      ['1210 = open shortfalls', '1210', this.model.openShortfallPaise()],
      ['1195 = 0', '1195', 0],
    ];
    for (const [name, code, want] of invariants) {
      if (api(code) !== want) problems.push(`${name}: books ${fmt(api(code))}, model ${fmt(want)}`);
    }
    // Now and then the trial balance as of an earlier day of the walk: back-dated entries land there.
    if (this.stepNo % 10 === 5 && this.today > WALK_START) {
      const span = Math.round((Date.parse(this.today) - Date.parse(WALK_START)) / 86_400_000);
      const day = addDays(WALK_START, this.rng.int(0, span - 1));
      const past = await this.trialBalance(day);
      const want = this.model.balancesAsOf(day);
      for (const code of ACCOUNTS) {
        const got = past.byCode.get(code) ?? 0;
        if (got !== want.get(code)) {
          problems.push(`account ${code} as of ${day}: books ${fmt(got)}, model ${fmt(want.get(code) ?? 0)}`);
        }
      }
      if (!past.balanced) problems.push(`the trial balance as of ${day} does not balance`);
    }
    const check = await this.ok('GET', '/books/check');
    if (check.body.ok !== true) {
      const failed = (check.body.checks as { name: string; status: string; detail: string }[])
        .filter((c) => c.status !== 'ok')
        .map((c) => `${c.name}: ${c.status} ${c.detail}`);
      problems.push(`check:books is not clean:\n    ${failed.join('\n    ')}`);
    }
    const pledgesToCheck =
      this.stepNo % 20 === 0
        ? [...this.model.pledges.values()].filter((p) => p.state === 'open')
        : [...this.touched].map((id) => this.model.pledges.get(id)!).filter(Boolean);
    for (const p of pledgesToCheck) problems.push(...(await this.pledgeProblems(p)));
    if (problems.length > 0) this.fail(problems.join('\n'));
  }

  /** The server's balance of one pledge (its state and what it owes) against the model's. */
  async pledgeProblems(p: ModelPledge): Promise<string[]> {
    const out: string[] = [];
    const b = (await this.ok('GET', `/pledges/${p.id}/balance?as_of=${this.today}`)).body;
    if ((b.closed_date !== null) !== (p.state !== 'open')) {
      out.push(`pledge ${p.no}: closed_date ${b.closed_date}, model ${p.state}`);
    }
    if (b.is_payable !== (p.state === 'open' && p.bank === null)) {
      out.push(`pledge ${p.no}: is_payable ${b.is_payable}, model ${p.state}${p.bank ? ' at a bank' : ''}`);
    }
    if (p.state === 'open') {
      const m = this.model.balanceOf(p, this.today);
      if (
        rupeesToPaise(b.remaining_principal) !== m.remainingPrincipalPaise ||
        rupeesToPaise(b.remaining_interest) !== m.remainingInterestPaise
      ) {
        out.push(
          `pledge ${p.no} balance on ${this.today}: server principal ${b.remaining_principal} interest ${b.remaining_interest}, ` +
            `model principal ${fmt(m.remainingPrincipalPaise)} interest ${fmt(m.remainingInterestPaise)}`,
        );
      }
    }
    return out;
  }

  /** Moves the business clock `days` ahead (startDay opens the new day). */
  async advance(days: number): Promise<void> {
    this.setClock(addDays(this.today, days));
    this.days += 1;
    await startDay(this);
  }
}

const fmt = (paise: number) => paiseToRupees(paise).toFixed(2);

/** Runs one seeded walk on its own new branch; throws a WalkFailure naming the seed and step. */
export async function runWalk(t: TestApp, options: WalkOptions): Promise<WalkSummary> {
  const w = new Walk(t, options);
  const company = await freshCompany(t);
  w.companyId = company.id;
  // Signed in on the real clock: the session outlives every (past) business day the walk sets.
  w.actor = await adminFor(t, company.id);
  vi.useFakeTimers({ toFake: ['Date'] });
  const restoreWarnings = quietPgliteTimers();
  try {
    w.setClock(WALK_START);
    await setUpBranch(w);
    await w.verify();
    while (w.stepNo < options.steps) await w.step();
    // The last word: every open pledge's balance, the books once more.
    for (const p of w.model.pledges.values()) {
      if (p.state === 'open') {
        const problems = await w.pledgeProblems(p);
        if (problems.length > 0) w.fail(problems.join('\n'));
      }
    }
    return {
      seed: options.seed,
      steps: w.stepNo,
      days: w.days,
      lastDay: w.today,
      counts: w.counts,
      ...(process.env.WALK_PROFILE ? { profile: w.profile } : {}),
    };
  } finally {
    vi.useRealTimers();
    restoreWarnings();
  }
}

/**
 * PGlite (Postgres in WebAssembly) arms its internal timeouts by the JS clock, so a jump of the fake
 * Date by months makes it ask Node for a timer of more than 2^31 ms, which Node shortens to 1 ms with a
 * TimeoutOverflowWarning on every re-arm: harmless (the timeout is not due, Postgres arms it again),
 * but it would flood the test output. Only that warning is held back while the walk runs.
 */
function quietPgliteTimers(): () => void {
  const saved = process.listeners('warning');
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name !== 'TimeoutOverflowWarning') for (const l of saved) l(warning);
  });
  return () => {
    process.removeAllListeners('warning');
    for (const l of saved) process.on('warning', l);
  };
}

import {
  addDays,
  businessToday,
  createPledgeSchema,
  daysBetween,
  moveToBankSchema,
  pledgeQuote,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/open-db.ts';
import { banks, customers, jewelDesigns, jewelRates, jewelTypes, schemes } from '../db/schema/index.ts';
import { moveToBank } from '../modules/bank-repledges/bank-repledges.service.ts';
import { createPledge } from '../modules/pledges/pledge-create.service.ts';
import { postVoucher } from '../modules/vouchers/vouchers.service.ts';
import { between, pick, type Rng, seededRandom } from './sample-people.ts';

/** Pledges the demo books in each branch, over the last DEMO_PLEDGE_DAYS days. */
export const DEMO_PLEDGES = { chennai: 180, madurai: 120 } as const;
export const DEMO_PLEDGE_DAYS = 540;
/** Monthly jewel rates the demo adds before its weekly ones, so every back-dated pledge has its rate. */
export const DEMO_BACKDATED_RATE_MONTHS = 18;

/** Gross weight range in mg of an article of each demo design (DEMO_DESIGNS), and its metal. */
const ARTICLES: Record<string, { min: number; max: number; silver?: boolean }> = {
  Chain: { min: 8_000, max: 32_000 },
  Ring: { min: 2_000, max: 8_000 },
  Bangle: { min: 8_000, max: 24_000 },
  Necklace: { min: 16_000, max: 48_000 },
  'Earrings (Kammal)': { min: 2_000, max: 8_000 },
  Bracelet: { min: 6_000, max: 20_000 },
  'Thali Chain': { min: 8_000, max: 40_000 },
  Stud: { min: 1_000, max: 4_000 },
  Coin: { min: 1_000, max: 8_000 },
  'Anklet (Kolusu)': { min: 40_000, max: 160_000, silver: true },
};
const SILVER_ARTICLES: Record<string, { min: number; max: number }> = {
  'Anklet (Kolusu)': { min: 40_000, max: 160_000 },
  Bangle: { min: 20_000, max: 80_000 },
  Coin: { min: 10_000, max: 50_000 },
  Chain: { min: 15_000, max: 60_000 },
};
const CONDITIONS = ['Good', 'Good', 'Good', 'Worn', 'Stone studded', 'Hook broken', 'Slightly bent'];
const REMARKS = [
  'Customer will renew at the due date',
  'Hallmark checked',
  'Repeat customer',
  'Stones not valued',
  'Needs money for school fees',
];

interface DemoTerms {
  id: number;
  prefix: string;
  jewelTypeId: number;
  silver: boolean;
  loanAllowedBp: number;
  slippageBp: number;
  interestRateBp: number;
  durationMonths: number;
}

const bp = (percent: string) => Math.round(Number(percent) * 100);
const monthStart = (date: string, monthsBack: number) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

/**
 * Monthly jewel rates for the DEMO_BACKDATED_RATE_MONTHS months before the branch's first one (the
 * demo's weekly rates cover only four weeks): each type about 1.1% a month cheaper going back, as gold
 * rose, on the 1st of each month. Answers every rate of the branch per type, oldest first, in paise.
 */
async function backdateJewelRates(
  db: Db,
  companyId: number,
  today: string,
  rng: Rng,
  createdBy: number,
): Promise<Map<number, { date: string; paise: number }[]>> {
  const current = await db
    .select({
      id: jewelRates.id,
      typeId: jewelRates.jewelTypeId,
      date: jewelRates.effectiveDate,
      rate: jewelRates.ratePerGram,
    })
    .from(jewelRates)
    .where(and(eq(jewelRates.companyId, companyId), eq(jewelRates.status, true)))
    .orderBy(asc(jewelRates.effectiveDate), asc(jewelRates.id));
  const types = [...new Set(current.map((r) => r.typeId))].sort((a, b) => a - b);
  const earliest = current[0]?.date ?? today;
  const rows: (typeof jewelRates.$inferInsert)[] = [];
  for (const typeId of types) {
    const latest = current.filter((r) => r.typeId === typeId).at(-1)!;
    const latestPaise = rupeesToPaise(latest.rate);
    for (let k = DEMO_BACKDATED_RATE_MONTHS; k >= 1; k--) {
      const date = monthStart(today, k);
      if (date >= earliest) continue;
      const drift = 1 - 0.011 * k + (rng() - 0.5) * 0.01;
      const paise = Math.round((latestPaise * drift) / 100) * 100;
      const text = (paise / 100).toFixed(2);
      rows.push({
        companyId,
        jewelTypeId: typeId,
        ratePerGram: text,
        marketPrice: text,
        sellingPrice: (Math.round(paise * 1.12) / 100).toFixed(2),
        effectiveDate: date,
        createdBy,
      });
    }
  }
  if (rows.length > 0) await db.transaction((tx) => tx.insert(jewelRates).values(rows));
  const all = await db
    .select({ typeId: jewelRates.jewelTypeId, date: jewelRates.effectiveDate, rate: jewelRates.ratePerGram })
    .from(jewelRates)
    .where(and(eq(jewelRates.companyId, companyId), eq(jewelRates.status, true)))
    .orderBy(asc(jewelRates.effectiveDate), asc(jewelRates.id));
  const byType = new Map<number, { date: string; paise: number }[]>();
  for (const r of all) {
    const list = byType.get(r.typeId) ?? [];
    list.push({ date: r.date, paise: rupeesToPaise(r.rate) });
    byType.set(r.typeId, list);
  }
  return byType;
}

/** The rate in force on `date`: the latest on or before it (the later entry of a day). */
function rateOn(rates: readonly { date: string; paise: number }[], date: string): number {
  let found: number | undefined;
  for (const r of rates) if (r.date <= date) found = r.paise;
  if (found === undefined) throw new Error(`demo seed: no jewel rate on ${date}`);
  return found;
}

export interface DemoPledgeBranch {
  companyId: number;
  pledges: number;
  seed: number;
}

/**
 * A branch's pledge book for `npm run demo`: `pledges` pledges over the last DEMO_PLEDGE_DAYS days,
 * oldest first, across the branch's schemes, of 1-3 articles each, some moved to the bank and some
 * inactive. Each goes through the real create service (createPledge: the rate in force on its date,
 * the server's figures, the scheme's number and the Payment voucher dated the pledge date), so the
 * books hold. Before them the proprietor's capital that pays the loans out (a Receipt, Dr Cash Cr
 * Capital), and the back-dated monthly jewel rates. Deterministic for a seed and a business day.
 * Closed pledges wait for payments (seedDemoPayments). Needs the branch's masters (seedBranchMasters) first.
 */
export async function seedDemoPledges(
  db: Db,
  branch: DemoPledgeBranch,
  createdBy: number,
  today: string = businessToday(),
): Promise<number[]> {
  const { companyId } = branch;
  const rng = seededRandom(branch.seed);
  const rates = await backdateJewelRates(db, companyId, today, rng, createdBy);

  const schemeRows = await db
    .select({ scheme: schemes, typeName: jewelTypes.jewelName })
    .from(schemes)
    .innerJoin(
      jewelTypes,
      and(eq(jewelTypes.companyId, schemes.companyId), eq(jewelTypes.id, schemes.jewelTypeId)),
    )
    .where(and(eq(schemes.companyId, companyId), eq(schemes.status, true)))
    .orderBy(asc(schemes.id));
  const terms: DemoTerms[] = schemeRows.map(({ scheme: s, typeName }) => ({
    id: s.id,
    prefix: s.prefix,
    jewelTypeId: s.jewelTypeId,
    silver: /silver/i.test(typeName),
    loanAllowedBp: bp(s.loanEligibilityPercentage),
    slippageBp: bp(s.slippagePercent),
    interestRateBp: bp(s.interestRatePerMonth),
    durationMonths: s.durationMonths,
  }));
  const designs = await db
    .select({ id: jewelDesigns.id, name: jewelDesigns.designName })
    .from(jewelDesigns)
    .where(eq(jewelDesigns.companyId, companyId))
    .orderBy(asc(jewelDesigns.id));
  const people = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.status, true)))
    .orderBy(asc(customers.id));
  if (terms.length === 0 || designs.length === 0 || people.length === 0) {
    throw new Error('demo seed: the branch needs its schemes, designs and customers before its pledges');
  }
  const goldDesigns = designs.filter((d) => ARTICLES[d.name] && !ARTICLES[d.name]!.silver);
  const silverDesigns = designs.filter((d) => SILVER_ARTICLES[d.name]);

  // The plan first (dates oldest first, so numbers rise with the date), then the capital, then the pledges.
  const dates = Array.from({ length: branch.pledges }, () =>
    addDays(today, -between(rng, 0, DEMO_PLEDGE_DAYS)),
  ).sort();
  const plans = dates.map((pledgeDate) => {
    const roll = rng();
    const scheme = terms[roll < 0.55 ? 0 : roll < 0.8 ? 1 : 2] ?? terms[0]!;
    const silver = scheme.silver && silverDesigns.length > 0;
    const items = Array.from({ length: pick(rng, [1, 1, 1, 2, 2, 3]) }, () => {
      const design = silver
        ? pick(rng, silverDesigns)
        : pick(rng, goldDesigns.length ? goldDesigns : designs);
      const range = (silver ? SILVER_ARTICLES[design.name] : ARTICLES[design.name]) ?? {
        min: 2_000,
        max: 20_000,
      };
      const grossMg = between(rng, range.min, range.max);
      // Stones and dirt: 0 to 8% off the gross, in whole mg.
      const netMg = grossMg - Math.floor((grossMg * between(rng, 0, 8)) / 100);
      return { design: design.id, grossMg, netMg, condition: pick(rng, CONDITIONS) };
    });
    const ratePaise = rateOn(rates.get(scheme.jewelTypeId) ?? [], pledgeDate);
    const quote = pledgeQuote({
      items,
      terms: { ...scheme, ratePaise },
      loanPaise: 0,
      documentChargesPaise: 10_000,
      pledgeDate,
    });
    // Most take close to what they may, in whole hundreds of rupees; small loans in whole rupees.
    const wanted = Math.floor((quote.eligibleLoanPaise * between(rng, 70, 100)) / 100);
    const loanPaise =
      wanted >= 1_000_000 ? Math.floor(wanted / 10_000) * 10_000 : Math.floor(wanted / 100) * 100;
    const age = daysBetween(pledgeDate, today);
    const fate = rng();
    return {
      customer_id: pick(rng, people).id,
      scheme_id: scheme.id,
      pledge_date: pledgeDate,
      total_loan_amount: loanPaise / 100,
      document_charges: 100,
      // The counter pays out in cash; over the cash limit (warn) the clerk confirms.
      cash_limit_confirmed: true,
      status: age > 90 && fate < 0.07 ? ('inactive' as const) : ('active' as const),
      is_move_to_bank: age > 30 && fate >= 0.07 && fate < 0.15,
      remarks: rng() < 0.15 ? pick(rng, REMARKS) : undefined,
      items: items.map((i) => ({
        jewell_design_id: i.design,
        jewell_condition: i.condition,
        gross_weight: i.grossMg / 1000,
        net_weight: i.netMg / 1000,
      })),
    };
  });

  // The proprietor's capital, a day before the first loan: the loans in all, in whole lakhs.
  const loansPaise = plans.reduce((sum, p) => sum + Math.round(p.total_loan_amount * 100), 0);
  const capitalPaise = Math.ceil(loansPaise / 10_000_000) * 10_000_000;
  if (capitalPaise > 0 && dates[0]) {
    await db.transaction((tx) =>
      postVoucher(tx, {
        companyId,
        voucherType: 'Receipt',
        entryDate: addDays(dates[0]!, -1),
        narration: 'Capital brought in by the proprietor for pledge loans',
        referenceNumber: 'RTGS',
        lines: [
          { accountCode: '1000', debitPaise: capitalPaise, creditPaise: 0 },
          { accountCode: '3000', debitPaise: 0, creditPaise: capitalPaise },
        ],
        source: { kind: 'manual' },
        createdBy,
      }),
    );
  }

  const ids: number[] = [];
  const writer = { companyId, userId: createdBy, today, idempotency: null };
  const toBank: { pledgeId: number; pledgeDate: string; loan: number }[] = [];
  for (const { is_move_to_bank: moved, ...plan } of plans) {
    const saved = await createPledge(db, writer, createPledgeSchema.parse(plan));
    ids.push(saved.pledgeId);
    if (moved)
      toBank.push({ pledgeId: saved.pledgeId, pledgeDate: plan.pledge_date, loan: plan.total_loan_amount });
  }
  await repledgeWithBanks(db, writer, toBank, rng);
  return ids;
}

/**
 * Some pledges' articles re-pledged with the branch's banks, through the Move to
 * Bank service: a week or more after the pledge, the bank lending about two thirds of the pawner's
 * loan, into the bank account.
 */
async function repledgeWithBanks(
  db: Db,
  writer: { companyId: number; userId: number; today: string; idempotency: null },
  pledgesToMove: { pledgeId: number; pledgeDate: string; loan: number }[],
  rng: Rng,
): Promise<void> {
  if (pledgesToMove.length === 0) return;
  const bankRows = await db
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(banks.companyId, writer.companyId), eq(banks.status, true)))
    .orderBy(asc(banks.id));
  if (bankRows.length === 0) return;
  let n = 0;
  for (const p of pledgesToMove) {
    n += 1;
    const age = daysBetween(p.pledgeDate, writer.today);
    const pledgedOn = addDays(p.pledgeDate, Math.min(age, between(rng, 7, 30)));
    const borrowed = Math.max(100, Math.floor((p.loan * between(rng, 55, 75)) / 100 / 100) * 100);
    await moveToBank(
      db,
      writer,
      p.pledgeId,
      moveToBankSchema.parse({
        bank_id: pick(rng, bankRows).id,
        pledged_on: pledgedOn,
        amount_borrowed: borrowed,
        bank_reference: `GL/${pledgedOn.slice(0, 4)}/${String(n).padStart(4, '0')}`,
        received_by: 'bank',
      }),
    );
  }
}

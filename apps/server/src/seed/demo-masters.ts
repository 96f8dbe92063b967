import { addDays, businessToday } from '@pledge-desk/domain';
import type { Tx } from '../db/open-db.ts';
import {
  banks,
  customers,
  goldSilverRates,
  jewelDesigns,
  jewelRates,
  jewelTypes,
  schemes,
} from '../db/schema/index.ts';
import { takeAccCodes } from '../modules/customers/customers.repository.ts';
import { seedDemoKyc } from './demo-kyc.ts';
import { between, type Rng, sampleCustomer, seededRandom } from './sample-people.ts';

/** Days of gold and silver rates the demo shows, ending on the business day. */
export const DEMO_RATE_DAYS = 30;

export const DEMO_JEWEL_TYPES = [
  {
    jewelName: 'Gold 22K',
    purity: '916',
    description: 'Hallmarked 22 carat ornaments',
    metal: 'gold',
    fineness: 916,
  },
  {
    jewelName: 'Gold 18K',
    purity: '750',
    description: '18 carat ornaments and stone settings',
    metal: 'gold',
    fineness: 750,
  },
  {
    jewelName: 'Silver',
    purity: '925',
    description: 'Sterling silver articles and anklets',
    metal: 'silver',
    fineness: 925,
  },
] as const;

export const DEMO_DESIGNS = [
  'Chain',
  'Ring',
  'Bangle',
  'Necklace',
  'Earrings (Kammal)',
  'Bracelet',
  'Anklet (Kolusu)',
  'Thali Chain',
  'Stud',
  'Coin',
] as const;

export const DEMO_SCHEMES = [
  {
    schemeName: 'Gold Loan Regular',
    shortName: 'Regular',
    prefix: 'GL',
    type: 'Gold 22K',
    months: 12,
    interest: '1.50',
    loan: '75.00',
    slippage: '1.00',
  },
  {
    schemeName: 'Gold Loan Premium',
    shortName: 'Premium',
    prefix: 'GP',
    type: 'Gold 22K',
    months: 6,
    interest: '1.25',
    loan: '70.00',
    slippage: '1.50',
  },
  {
    schemeName: 'Silver Loan',
    shortName: 'Silver',
    prefix: 'SL',
    type: 'Silver',
    months: 6,
    interest: '2.00',
    loan: '60.00',
    slippage: '2.00',
  },
] as const;

export interface DemoBranch {
  companyId: number;
  /** The district most customers of the branch live in. */
  home: string;
  customers: number;
  seed: number;
  banks: {
    bankName: string;
    accountNumber: string;
    ifscCode: string;
    branchName: string;
    accountType: string;
  }[];
  accountHolder: string;
}

const paise = (rupees: number) => Math.round(rupees * 100);
const rupeesText = (p: number) => (p / 100).toFixed(2);

/**
 * Daily 24K gold and 999 silver rates per gram, in paise: a bounded random walk, so the chart looks
 * like a market (gold about Rs. 7,300-7,600, silver about Rs. 92-98).
 */
function rateWalk(rng: Rng, days: number): { gold: number; silver: number }[] {
  let gold = paise(7450);
  let silver = paise(95);
  const out: { gold: number; silver: number }[] = [];
  for (let i = 0; i < days; i++) {
    gold = Math.min(paise(7600), Math.max(paise(7300), gold + between(rng, -4500, 4500)));
    silver = Math.min(paise(98), Math.max(paise(92), silver + between(rng, -60, 60)));
    out.push({ gold: Math.round(gold / 100) * 100, silver: Math.round(silver / 10) * 10 });
  }
  return out;
}

/**
 * The masters of one demo branch, written straight to the tables so the seed does not depend on the
 * master modules; customer codes come from the same counter the customers module uses.
 */
export async function seedBranchMasters(tx: Tx, branch: DemoBranch, createdBy: number | null): Promise<void> {
  const rng = seededRandom(branch.seed);
  const today = businessToday();
  const { companyId } = branch;

  const walk = rateWalk(rng, DEMO_RATE_DAYS);
  const dates = walk.map((_, i) => addDays(today, i - (DEMO_RATE_DAYS - 1)));
  await tx.insert(goldSilverRates).values(
    walk.map((r, i) => ({
      companyId,
      date: dates[i]!,
      goldRatePerGram: rupeesText(r.gold),
      silverRatePerGram: rupeesText(r.silver),
      createdBy,
    })),
  );

  const types = await tx
    .insert(jewelTypes)
    .values(
      DEMO_JEWEL_TYPES.map((t) => ({
        companyId,
        jewelName: t.jewelName,
        purity: t.purity,
        description: t.description,
        metal: t.metal,
      })),
    )
    .returning({ id: jewelTypes.id, jewelName: jewelTypes.jewelName });
  const typeId = (name: string) => types.find((t) => t.jewelName === name)!.id;

  // A jewel rate each week, from the day's metal rate times the fineness; shops sell about 12% above.
  const rateRows = [];
  for (let daysAgo = 28; daysAgo >= 0; daysAgo -= 7) {
    const day = walk[DEMO_RATE_DAYS - 1 - daysAgo]!;
    for (const t of DEMO_JEWEL_TYPES) {
      const fine = t.metal === 'gold' ? day.gold : day.silver;
      const market = Math.round((fine * t.fineness) / 1000);
      rateRows.push({
        companyId,
        jewelTypeId: typeId(t.jewelName),
        ratePerGram: rupeesText(market),
        marketPrice: rupeesText(market),
        sellingPrice: rupeesText(Math.round(market * 1.12)),
        effectiveDate: addDays(today, -daysAgo),
        createdBy,
      });
    }
  }
  await tx.insert(jewelRates).values(rateRows);

  await tx
    .insert(jewelDesigns)
    .values(
      DEMO_DESIGNS.map((designName) => ({ companyId, designName, isCoin: designName === 'Coin', createdBy })),
    );

  await tx.insert(schemes).values(
    DEMO_SCHEMES.map((s) => ({
      companyId,
      jewelTypeId: typeId(s.type),
      schemeName: s.schemeName,
      shortName: s.shortName,
      prefix: s.prefix,
      durationMonths: s.months,
      interestRatePerMonth: s.interest,
      loanEligibilityPercentage: s.loan,
      slippagePercent: s.slippage,
    })),
  );

  await tx
    .insert(banks)
    .values(branch.banks.map((b) => ({ companyId, accountHolderName: branch.accountHolder, ...b })));

  // Registered over the last two years, oldest first, so codes rise with the registration date.
  const codes = await takeAccCodes(tx, companyId, branch.customers);
  const now = Date.now();
  const span = 730 * 86_400_000;
  const rows = codes.map((accCode, i) => {
    const c = sampleCustomer(rng, branch.home);
    const at = now - span + Math.floor(((i + rng()) * span) / branch.customers);
    return {
      companyId,
      accCode,
      customerName: c.customer_name,
      guardianName: c.guardian_name,
      mobileNumber: c.mobile_number,
      altMobileNumber: c.alt_mobile_number,
      doorNo: c.door_no,
      street: c.street,
      location: c.location,
      district: c.district,
      pincode: c.pincode,
      status: c.status,
      createdBy,
      createdAt: new Date(at).toISOString(),
      updatedAt: new Date(at).toISOString(),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(customers).values(rows.slice(i, i + 500));
  // Their KYC, from a random stream of its own (the customers above stay as they were).
  await seedDemoKyc(tx, companyId, branch.seed + 33, createdBy);
}

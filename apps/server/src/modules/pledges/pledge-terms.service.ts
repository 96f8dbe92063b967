import { percentToBp, type RbiRules, rupeesToPaise } from '@pledge-desk/domain';
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import { rbiRateFor } from '../compliance/rbi-checks.ts';
import { PLEDGE_SERVER_MESSAGES } from './pledge-messages.ts';
import { pledgeDateOf } from './pledge-shared.service.ts';
import { findRateInForce, findSchemeWithType, type SchemeTerms } from './pledges.repository.ts';

// The terms a pledge is valued on: the rate per gram (the rate in force, or the RBI rule) and the
// scheme's percentages and term, as the domain takes them and as the pledge row keeps them. The screens'
// quote of the rate (GET /pledges/valuation-rate) is the read use case here.

/** The scheme's terms and the rate per gram, as the domain functions take them. */
export interface Terms {
  ratePaise: number;
  loanAllowedBp: number;
  slippageBp: number;
  interestRateBp: number;
  durationMonths: number;
}

/** A scheme's terms with the rate per gram taken for the pledge's date (a new pledge, or one moved to another scheme or date). */
export function schemeTerms(scheme: SchemeTerms, ratePerGram: string): Terms {
  return {
    ratePaise: rupeesToPaise(ratePerGram),
    loanAllowedBp: percentToBp(scheme.loanEligibilityPercentage),
    slippageBp: percentToBp(scheme.slippagePercent),
    interestRateBp: percentToBp(scheme.interestRatePerMonth),
    durationMonths: scheme.durationMonths,
  };
}

/** The terms a pledge keeps (docs/domain-rules.md §2.4). */
export function storedTerms(p: {
  ratePerGram: string;
  loanAllowedPercent: string;
  slippagePercent: string;
  interestRate: string;
  duration: number;
}): Terms {
  return {
    ratePaise: rupeesToPaise(p.ratePerGram),
    loanAllowedBp: percentToBp(p.loanAllowedPercent),
    slippageBp: percentToBp(p.slippagePercent),
    interestRateBp: percentToBp(p.interestRate),
    durationMonths: p.duration,
  };
}

const bpNumeric = (bp: number) => numericFromPaise(bp);

/** The snapshot columns of a pledge from its terms (percents are numeric(5,2), like paise of a rupee). */
export function termColumns(t: Terms) {
  return {
    ratePerGram: numericFromPaise(t.ratePaise),
    interestRate: bpNumeric(t.interestRateBp),
    loanAllowedPercent: bpNumeric(t.loanAllowedBp),
    slippagePercent: bpNumeric(t.slippageBp),
    duration: t.durationMonths,
  };
}

/** How a pledge's rate per gram was chosen (docs/decisions.md). */
export type ValuationBasis = 'rate_in_force' | 'rbi_previous_day' | 'rbi_average';

/** The rate a pledge of a jewel type on a date is valued at, and how it was chosen. */
export interface ValuationRate {
  ratePerGram: string;
  basis: ValuationBasis;
  /** The Jewel Rates entry used: the one in force, or (RBI) the previous day's. */
  rateDate: string;
  /** Under the RBI regime: the previous day's rate and the average of its window, and that window. */
  rbi: { previousDayPaise: number; averagePaise: number; averageDays: number } | null;
}

/**
 * The one rule that values a pledge: the jewel type's rate in the Jewel Rates master in force on the
 * pledge date (docs/domain-rules.md §2.1), or under the RBI regime the lower of the previous day's and
 * the average of the days before (docs/domain-rules.md §9.5; RBI paras 17–18, §10.7). Create, edit and
 * the screens' quote (GET /pledges/valuation-rate) all ask this; 422 under scheme_id without a rate.
 */
export async function valuationRateOf(
  db: DbOrTx,
  companyId: number,
  jewelTypeId: number,
  date: string,
  rbi: RbiRules | null,
): Promise<ValuationRate> {
  if (rbi) {
    const rate = await rbiRateFor(db, companyId, jewelTypeId, date, rbi);
    return {
      ratePerGram: rate.ratePerGram,
      basis: rate.basis,
      rateDate: rate.previousDate,
      rbi: {
        previousDayPaise: rate.previousDayPaise,
        averagePaise: rate.averagePaise,
        averageDays: rbi.valuationAverageDays,
      },
    };
  }
  const rate = await findRateInForce(db, companyId, jewelTypeId, date);
  if (rate === undefined) throw AppError.field('scheme_id', PLEDGE_SERVER_MESSAGES.noRate);
  return { ratePerGram: rate.ratePerGram, basis: 'rate_in_force', rateDate: rate.effectiveDate, rbi: null };
}

/** The rate basis a pledge stores: null for the rate in force, the RBI basis otherwise. */
export const storedBasis = (rate: ValuationRate): string | null =>
  rate.basis === 'rate_in_force' ? null : rate.basis;

/**
 * The valuation a screen shows before saving (GET /pledges/valuation-rate): the rate the server will
 * use for a scheme of the company on a pledge date, under the company's regime.
 */
export async function quoteValuationRate(
  db: DbOrTx,
  companyId: number,
  today: string,
  query: { scheme_id: number; pledge_date?: string | undefined },
): Promise<
  ValuationRate & { schemeId: number; jewelTypeId: number; jewelTypeName: string; pledgeDate: string }
> {
  const pledgeDate = pledgeDateOf(query.pledge_date, today);
  const found = await findSchemeWithType(db, companyId, query.scheme_id);
  if (!found) throw AppError.field('scheme_id', PLEDGE_SERVER_MESSAGES.unknownScheme);
  const compliance = await findCompliance(db, companyId);
  const rbi = compliance?.regime === 'rbi' ? compliance.rbiRules : null;
  const rate = await valuationRateOf(db, companyId, found.scheme.jewelTypeId, pledgeDate, rbi);
  return {
    ...rate,
    schemeId: found.scheme.id,
    jewelTypeId: found.scheme.jewelTypeId,
    jewelTypeName: found.jewelTypeName,
    pledgeDate,
  };
}

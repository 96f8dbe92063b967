import {
  addDays,
  bulletTermMessage,
  checkRbiLtv,
  type GoldSilverWeights,
  gramsToMg,
  isBulletTermTooLong,
  ltvMessage,
  NO_WEIGHTS,
  RBI_MESSAGES,
  type RbiRateBasis,
  type RbiRules,
  rbiRateOn,
  rbiWeightBreaches,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rowsOf } from '../accounts/accounts.repository.ts';

// The RBI regime's checks of a new loan (packages/domain/src/compliance/rbi.ts holds
// the rules). The server reads what the rules need (the stored rates, the borrower's open loans and
// articles) and refuses with a 422 naming the field and the limit.

/**
 * The rate a pledge of `pledgeDate` is valued at under the RBI regime: the lower of the previous
 * day's stored rate of the jewel type and the average of the rates stored in the days before (one a
 * day: the later entry of a day, as the rate in force takes it). 422 under scheme_id without any.
 */
export async function rbiRateFor(
  db: DbOrTx,
  companyId: number,
  jewelTypeId: number,
  pledgeDate: string,
  rules: RbiRules,
): Promise<{
  ratePerGram: string;
  basis: RbiRateBasis;
  /** The previous day's rate, its date, and the average of the window (the screens show all three). */
  previousDayPaise: number;
  previousDate: string;
  averagePaise: number;
}> {
  const from = addDays(pledgeDate, -rules.valuationAverageDays);
  const rows = rowsOf<{ date: string; rate: string }>(
    await db.execute(sql`
      (select distinct on (r.effective_date) r.effective_date::text as date, r.rate_per_gram::text as rate
         from jewel_rates r
        where r.company_id = ${companyId} and r.jewel_type_id = ${jewelTypeId} and r.status
          and r.effective_date >= ${from}::date and r.effective_date < ${pledgeDate}::date
        order by r.effective_date desc, r.id desc)
      union all
      -- The previous day's, when none is stored within the window (a branch that stores rates rarely).
      (select r.effective_date::text, r.rate_per_gram::text
         from jewel_rates r
        where r.company_id = ${companyId} and r.jewel_type_id = ${jewelTypeId} and r.status
          and r.effective_date < ${from}::date
        order by r.effective_date desc, r.id desc
        limit 1)`),
  );
  const chosen = rbiRateOn(
    rows.map((r) => ({ date: r.date, ratePaise: rupeesToPaise(r.rate) })),
    pledgeDate,
    rules.valuationAverageDays,
  );
  if (!chosen) throw AppError.field('scheme_id', RBI_MESSAGES.noRate, 'rbi_no_rate');
  const previousDate = rows.reduce((latest, r) => (r.date > latest ? r.date : latest), '');
  return {
    ratePerGram: (chosen.ratePaise / 100).toFixed(2),
    basis: chosen.basis,
    previousDayPaise: chosen.previousDayPaise,
    previousDate,
    averagePaise: chosen.averagePaise,
  };
}

/** A scheme's term under the RBI regime: a one-sum loan lasts at most the rules' months (422). */
export function assertRbiTerm(
  scheme: { durationMonths: number; bulletRepayment: boolean },
  rules: RbiRules,
  field: string,
): void {
  if (!scheme.bulletRepayment || !isBulletTermTooLong(scheme.durationMonths, rules)) return;
  throw AppError.field(field, bulletTermMessage(scheme.durationMonths, rules.bulletMaxMonths), 'rbi_term');
}

/**
 * What a borrower already has with the company: the remaining principal of their open pledges (a
 * payment reversed counts in no balance) and their articles' gross weights by metal and kind, leaving
 * out `exceptPledgeId` (the pledge a renewal closes).
 */
export async function borrowerHoldings(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  exceptPledgeId: number | null,
): Promise<{ openPrincipalPaise: number; weights: GoldSilverWeights }> {
  const except = exceptPledgeId ?? 0;
  const [loans] = rowsOf<{ principal: string | null }>(
    await db.execute(sql`
      select sum(p.total_loan_amount - coalesce((
               select sum(pp.principal_amount) from pledge_payments pp
                where pp.company_id = p.company_id and pp.pledge_id = p.id and pp.reversed_at is null), 0))::text
             as principal
        from pledges p
       where p.company_id = ${companyId} and p.customer_id = ${customerId} and p.closed_date is null
         and p.id <> ${except}`),
  );
  const weights = rowsOf<{ metal: string; is_coin: boolean; gross: string }>(
    await db.execute(sql`
      select jt.metal, d.is_coin, sum(i.gross_weight)::text as gross
        from pledges p
        join pledge_items i on i.company_id = p.company_id and i.pledge_id = p.id
        join jewel_designs d on d.company_id = i.company_id and d.id = i.jewell_design_id
        join schemes sc on sc.company_id = p.company_id and sc.id = p.scheme_id
        join jewel_types jt on jt.company_id = sc.company_id and jt.id = sc.jewel_type_id
       where p.company_id = ${companyId} and p.customer_id = ${customerId} and p.closed_date is null
         and p.id <> ${except}
       group by jt.metal, d.is_coin`),
  );
  const held = { ...NO_WEIGHTS };
  for (const w of weights) held[weightKind(w.metal, w.is_coin)] += gramsToMg(w.gross);
  return { openPrincipalPaise: loans?.principal ? rupeesToPaise(loans.principal) : 0, weights: held };
}

const weightKind = (metal: string, isCoin: boolean | string): keyof GoldSilverWeights => {
  const coin = isCoin === true || isCoin === 't';
  if (metal === 'silver') return coin ? 'silverCoinsMg' : 'silverOrnamentsMg';
  return coin ? 'goldCoinsMg' : 'goldOrnamentsMg';
};

/** The metal of a jewel type and which of the designs named are coins. */
export async function metalAndCoins(
  db: DbOrTx,
  companyId: number,
  jewelTypeId: number,
  designIds: readonly number[],
): Promise<{ metal: string; coins: Set<number> }> {
  const [type] = rowsOf<{ metal: string }>(
    await db.execute(
      sql`select metal from jewel_types where company_id = ${companyId} and id = ${jewelTypeId}`,
    ),
  );
  const ids = [...new Set(designIds)];
  const coins = ids.length
    ? rowsOf<{ id: number }>(
        await db.execute(sql`
          select id from jewel_designs
           where company_id = ${companyId} and is_coin
             and id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})`),
      )
    : [];
  return { metal: type?.metal ?? 'gold', coins: new Set(coins.map((c) => Number(c.id))) };
}

/**
 * The RBI rules on a new loan (paras 19, 6(v), 16): the loan (or, repaid in one sum, what is repayable
 * at maturity) within the borrower's tier of the articles' value, and the borrower's weights within
 * their limits. Every problem named at once (422).
 */
export async function assertRbiNewLoan(
  db: DbOrTx,
  p: {
    companyId: number;
    customerId: number;
    exceptPledgeId: number | null;
    loanPaise: number;
    valuationPaise: number;
    interestRateBp: number;
    durationMonths: number;
    bulletRepayment: boolean;
    jewelTypeId: number;
    items: readonly { jewellDesignId: number; grossWeightMg: number }[];
    rules: RbiRules;
  },
): Promise<void> {
  const holdings = await borrowerHoldings(db, p.companyId, p.customerId, p.exceptPledgeId);
  const fields: FieldError[] = [];
  const bullet = p.bulletRepayment ? { rateBp: p.interestRateBp, months: p.durationMonths } : null;
  const verdict = checkRbiLtv({
    loanPaise: p.loanPaise,
    valuationPaise: p.valuationPaise,
    otherLoansPaise: holdings.openPrincipalPaise,
    bullet,
    tiers: p.rules.ltvTiers,
  });
  if (!verdict.ok) {
    const msg = ltvMessage(verdict, bullet !== null);
    fields.push({ loc: ['body', 'total_loan_amount'], msg, type: 'rbi_ltv' });
  }
  const { metal, coins } = await metalAndCoins(
    db,
    p.companyId,
    p.jewelTypeId,
    p.items.map((i) => i.jewellDesignId),
  );
  const adding = { ...NO_WEIGHTS };
  for (const item of p.items) adding[weightKind(metal, coins.has(item.jewellDesignId))] += item.grossWeightMg;
  for (const breach of rbiWeightBreaches(holdings.weights, adding, p.rules)) {
    fields.push({ loc: ['body', 'items'], msg: breach.message, type: 'rbi_weight' });
  }
  if (fields.length > 0) throw new AppError('VALIDATION', 422, fields[0]!.msg, fields);
}

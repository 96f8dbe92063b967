import {
  BANK_REPLEDGE_MESSAGES,
  type CreatePledgeInput,
  itemValuePaise,
  type PledgeQuote,
  type PledgeWarning,
  percentToBp,
} from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { markIdempotentCommit } from '../../plugins/idempotency.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import { assertLicenceAllowsPledge, assertWithinCeiling } from '../compliance/compliance.service.ts';
import { assertRbiNewLoan, assertRbiTerm } from '../compliance/rbi-checks.ts';
import { assertKycAllowsPledge } from '../kyc/kyc.service.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import { constraintErrors } from './pledge-messages.ts';
import { type PayoutColumns, payoutOrRefuse, postPayout } from './pledge-payout.service.ts';
import {
  figureColumns,
  gramsNumeric,
  type ItemWeights,
  quoteOrRefuse,
  warningsOf,
  weightsOf,
} from './pledge-quote.ts';
import {
  checkParties,
  type PledgeSaveOutcome,
  type PledgeWriter,
  pledgeDateOf,
  pledgeSnapshot,
} from './pledge-shared.service.ts';
import {
  schemeTerms,
  storedBasis,
  type Terms,
  termColumns,
  valuationRateOf,
} from './pledge-terms.service.ts';
import {
  insertPledge,
  insertPledgeItems,
  type NewPledge,
  type SchemeTerms,
  updatePledgeRow,
} from './pledges.repository.ts';

// A new pledge (POST /pledges/with-items). Its checks and its insert are steps of their own, because a
// renewal makes its new pledge through them (renewal-renew.service.ts) and records its own audit and voucher.

/** Counter of a scheme prefix: one sequence per company and prefix, ignoring case (docs/domain-rules.md §5). */
export function pledgeCounter(prefix: string): `pledge:${string}` {
  return `pledge:${prefix.trim().toUpperCase()}`;
}

/** A new pledge checked and valued, nothing written yet (the create path's checks, docs/domain-rules.md §2.3). */
export interface PreparedPledge {
  pledgeDate: string;
  customerName: string;
  scheme: SchemeTerms;
  /** How the rate was chosen under the RBI regime; null for the rate in force. */
  rateBasis: string | null;
  terms: Terms;
  items: ItemWeights[];
  quote: PledgeQuote;
}

/** What a new pledge is made of, as POST /pledges/with-items (or a renewal's new pledge) sends it. */
export type NewPledgeInput = Omit<CreatePledgeInput, 'pledge_date'> & { pledge_date?: string | undefined };

/**
 * Checks a new pledge's parties (an active customer and scheme, designs of the company), takes the rate
 * in force on the pledge date and recomputes every figure, refusing what create refuses (422 naming
 * the field). Writes nothing: create and a renewal's preview share it.
 */
export async function prepareNewPledge(
  tx: Tx,
  companyId: number,
  today: string,
  input: Pick<
    NewPledgeInput,
    | 'customer_id'
    | 'scheme_id'
    | 'pledge_date'
    | 'total_loan_amount'
    | 'document_charges'
    | 'due_date'
    | 'first_month_interest'
    | 'final_amount'
  > & {
    items: readonly {
      jewell_design_id: number;
      gross_weight: number;
      net_weight: number;
      net_value?: number | undefined;
    }[];
  },
  /** A renewal's new pledge replaces this one: its loan and articles leave the borrower's holdings. */
  options: { replacingPledgeId?: number } = {},
): Promise<PreparedPledge> {
  // The branch's compliance settings: no new pledge once the licence has expired; no
  // scheme above the interest ceiling; under the RBI regime its valuation, ratio, term and weights.
  const compliance = await findCompliance(tx, companyId);
  assertLicenceAllowsPledge(compliance, today);
  const pledgeDate = pledgeDateOf(input.pledge_date, today);
  const designs = input.items.map((item, i) => ({
    field: `items.${i}.jewell_design_id`,
    id: item.jewell_design_id,
  }));
  const { customerName, scheme } = await checkParties(tx, companyId, input, designs, {
    customer: true,
    scheme: true,
  });
  assertWithinCeiling(compliance, percentToBp(scheme.interestRatePerMonth), 'scheme_id');
  const rbi = compliance?.regime === 'rbi' ? compliance.rbiRules : null;
  if (rbi) assertRbiTerm(scheme, rbi, 'scheme_id');
  const rate = await valuationRateOf(tx, companyId, scheme.jewelTypeId, pledgeDate, rbi);
  const terms = schemeTerms(scheme, rate.ratePerGram);
  const rateBasis = storedBasis(rate);
  const items = input.items.map(weightsOf);
  const quote = quoteOrRefuse(input, input.items, items, terms, pledgeDate);
  if (rbi) {
    await assertRbiNewLoan(tx, {
      companyId,
      customerId: input.customer_id,
      exceptPledgeId: options.replacingPledgeId ?? null,
      loanPaise: quote.loanPaise,
      valuationPaise: quote.valuationPaise,
      interestRateBp: terms.interestRateBp,
      durationMonths: terms.durationMonths,
      bulletRepayment: scheme.bulletRepayment,
      jewelTypeId: scheme.jewelTypeId,
      items: input.items.map((item, i) => ({
        jewellDesignId: item.jewell_design_id,
        grossWeightMg: items[i]!.grossWeightMg,
      })),
      rules: rbi,
    });
  }
  // Then KYC (issue 33): PAN or Form 60 from the branch's threshold, and a complete KYC where the branch
  // refuses without it. A renewal only carries an existing loan over, so it is not asked again.
  if (options.replacingPledgeId === undefined) {
    await assertKycAllowsPledge(tx, compliance, companyId, input.customer_id, quote.loanPaise);
  }
  return { pledgeDate, customerName, scheme, rateBasis, terms, items, quote };
}

/** The save warnings of a prepared pledge (docs/decisions.md, "Pledge save warnings"). */
export function preparedWarnings(prepared: PreparedPledge, today: string): PledgeWarning[] {
  const backdated = prepared.pledgeDate < today ? { pledgeDate: prepared.pledgeDate } : null;
  return warningsOf(prepared.items, prepared.quote, backdated);
}

/**
 * Numbers and inserts a prepared pledge with its items (the payout columns given); the caller posts
 * its Payment voucher and stores its id. `renewal` links a renewal's new pledge to the old one and
 * each kept article to the one it was carried over from (null for an added article).
 */
export async function writeNewPledge(
  tx: Tx,
  writer: PledgeWriter,
  prepared: PreparedPledge,
  input: Pick<NewPledgeInput, 'customer_id' | 'scheme_id' | 'status' | 'is_move_to_bank'> & {
    remarks?: string | null | undefined;
    packet_no?: string | null | undefined;
    items: readonly {
      jewell_design_id: number;
      jewell_condition?: string | null | undefined;
      remarks?: string | null | undefined;
    }[];
  },
  payout: PayoutColumns,
  renewal?: { fromPledgeId: number; itemsFrom: readonly (number | null)[] },
): Promise<{ pledgeId: number; pledgeNo: string }> {
  const { companyId } = writer;
  const { scheme, terms, quote, items } = prepared;
  const prefix = scheme.prefix.trim().toUpperCase();
  const [running] = await takeNumbers(tx, companyId, pledgeCounter(prefix), '', 1);
  const pledgeNo = `${prefix}${running}`;
  const values: NewPledge = {
    companyId,
    pledgeNo,
    customerId: input.customer_id,
    schemeId: input.scheme_id,
    pledgeDate: prepared.pledgeDate,
    ...termColumns(terms),
    rateBasis: prepared.rateBasis,
    ...figureColumns(quote),
    status: input.status,
    // Move to Bank is its own step after the pledge is saved.
    isMoveToBank: false,
    remarks: input.remarks ?? null,
    packetNo: input.packet_no || null,
    ...payout,
    ...(renewal ? { renewedFromPledgeId: renewal.fromPledgeId } : {}),
    createdBy: writer.userId,
    updatedBy: writer.userId,
  };
  const pledgeId = await insertPledge(tx, values);
  await insertPledgeItems(
    tx,
    input.items.map((item, i) => ({
      companyId,
      pledgeId,
      jewellDesignId: item.jewell_design_id,
      jewellCondition: item.jewell_condition ?? null,
      grossWeight: gramsNumeric(items[i]!.grossWeightMg),
      netWeight: gramsNumeric(items[i]!.netWeightMg),
      netValue: numericFromPaise(itemValuePaise(items[i]!.netWeightMg, terms.ratePaise)),
      remarks: item.remarks ?? null,
      ...(renewal ? { renewedFromItemId: renewal.itemsFrom[i] ?? null } : {}),
    })),
  );
  return { pledgeId, pledgeNo };
}

/**
 * Creates a pledge with its items (POST /pledges/with-items): checks the parties, takes the rate in force
 * on the pledge date, recomputes every figure, numbers it from the scheme prefix, and pays the loan out
 * with a Payment voucher, all in one transaction (with the Idempotency-Key's committed mark).
 */
export async function createPledge(
  db: Db,
  writer: PledgeWriter,
  input: NewPledgeInput,
): Promise<PledgeSaveOutcome> {
  const { companyId } = writer;
  // Move to Bank is its own step after the pledge is saved: its articles start in the vault.
  if (input.is_move_to_bank) throw AppError.field('is_move_to_bank', BANK_REPLEDGE_MESSAGES.createAtBank);
  return db
    .transaction(async (tx) => {
      const prepared = await prepareNewPledge(tx, companyId, writer.today, input);
      const payout = await payoutOrRefuse(tx, companyId, input, prepared.quote.finalAmountPaise);
      const { pledgeId, pledgeNo } = await writeNewPledge(tx, writer, prepared, input, payout);
      const voucherId = await postPayout(
        tx,
        writer,
        { id: pledgeId, pledgeNo, customerName: prepared.customerName },
        prepared.quote,
        prepared.pledgeDate,
        payout.payoutMethod,
      );
      await updatePledgeRow(tx, companyId, pledgeId, { voucherId });
      // The use case records (a renewal, which shares prepareNewPledge and writeNewPledge, records its own).
      const after = await pledgeSnapshot(tx, companyId, pledgeId);
      await recordAudit(tx, { action: 'create', entity: 'pledge', entityId: pledgeId, after });
      // The Idempotency-Key's committed mark commits with the pledge and its voucher, never without.
      await markIdempotentCommit(tx, writer.idempotency);
      return { pledgeId, warnings: preparedWarnings(prepared, writer.today) };
    })
    .catch(constraintErrors);
}

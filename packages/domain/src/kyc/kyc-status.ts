import type { ComplianceRegime } from '../compliance/licence.ts';
import type { IdDocumentKind } from './id-numbers.ts';

/**
 * What a customer's KYC needs (issue 33): an officially valid ID document, a photograph taken at the
 * counter, and PAN or a Form 60 declaration where the loan is at or above the branch's threshold. The
 * nominee is asked for but optional. Pure rules; the branch's settings come from its compliance
 * settings.
 */

/** The branch's PAN / Form 60 rule: whether it applies and from which amount (paise). */
export interface PanRule {
  applies: boolean;
  thresholdPaise: number;
}

/**
 * The default rule of each compliance regime (docs/decisions.md, KYC). RBI-regulated lenders: PAN or
 * Form 60 from every borrower (the KYC Master Direction asks it of every customer: threshold 0). A
 * Tamil Nadu pawnbroker: the Act says nothing of PAN; the default is ₹50,000, the amount at which the
 * Income-tax Rules (r. 114B) ask a PAN for cash deposits, a setting the branch may change. No regime: off.
 */
export function defaultPanRule(regime: ComplianceRegime): PanRule {
  switch (regime) {
    case 'rbi':
      return { applies: true, thresholdPaise: 0 };
    case 'tn_pawnbroker':
      return { applies: true, thresholdPaise: 5_000_000 };
    case 'none':
      return { applies: false, thresholdPaise: 5_000_000 };
  }
}

/**
 * Does a new loan of `loanPaise` need the customer's PAN or Form 60? When the rule applies and the loan
 * alone, or with the customer's open loans (their remaining principal, `openLoansPaise`), is at or
 * above the threshold.
 */
export function panOrForm60Needed(rule: PanRule, loanPaise: number, openLoansPaise = 0): boolean {
  if (!rule.applies) return false;
  return loanPaise >= rule.thresholdPaise || loanPaise + openLoansPaise >= rule.thresholdPaise;
}

/**
 * A missing piece of a customer's KYC, by the name the screens and the register show, in the
 * register's order: no ID document (other than a PAN card), no photograph, no PAN or Form 60 where
 * needed, and an ID-proof image kept from before the masking dialog that nobody has looked at yet.
 */
export const KYC_GAPS = ['id_document', 'photo', 'pan_or_form60', 'id_proof_review'] as const;
export type KycGap = (typeof KYC_GAPS)[number];

/** Each gap in words, English and Tamil: the register's screen, print and CSV say it the same way. */
export const KYC_GAP_WORDS: Record<KycGap, { en: string; ta: string }> = {
  id_document: { en: 'ID document', ta: 'அடையாள ஆவணம்' },
  photo: { en: 'Photograph', ta: 'புகைப்படம்' },
  pan_or_form60: { en: 'PAN or Form 60', ta: 'PAN அல்லது படிவம் 60' },
  id_proof_review: { en: 'ID proof to review', ta: 'சரிபார்க்க வேண்டிய அடையாளச் சான்று' },
};

/** What the branch does with a new pledge for a customer whose KYC is incomplete: warn, or refuse. */
export const KYC_INCOMPLETE_MODES = ['warn', 'block'] as const;
export type KycIncompleteMode = (typeof KYC_INCOMPLETE_MODES)[number];

/**
 * Is PAN or Form 60 needed of a customer now, with no new loan in view (the customer list and the
 * register): when the rule applies and the customer's open loans are at or above the threshold (with a
 * threshold of 0, every customer).
 */
export function panOrForm60NeededNow(rule: PanRule, openLoansPaise: number): boolean {
  return rule.applies && openLoansPaise >= rule.thresholdPaise;
}

export interface KycFacts {
  /** The kinds of the ID documents on file (with a number that passed its check). */
  documents: readonly IdDocumentKind[];
  hasPhoto: boolean;
  /** A Form 60 declaration on file (in place of a PAN). */
  hasForm60: boolean;
  /** An ID-proof image kept from before the masking dialog, not yet looked at (it may show a whole Aadhaar). */
  idProofNeedsReview?: boolean | undefined;
}

/**
 * What is missing from a customer's KYC, in the order the register lists it: an ID document other than
 * the PAN card (the PAN proves no address), the photograph, and PAN or Form 60 when `panNeeded` (for the
 * loan at hand, or the rule's threshold 0). Empty: complete.
 */
export function kycGaps(facts: KycFacts, panNeeded: boolean): KycGap[] {
  const gaps: KycGap[] = [];
  if (!facts.documents.some((kind) => kind !== 'pan')) gaps.push('id_document');
  if (!facts.hasPhoto) gaps.push('photo');
  if (panNeeded && !facts.documents.includes('pan') && !facts.hasForm60) gaps.push('pan_or_form60');
  if (facts.idProofNeedsReview) gaps.push('id_proof_review');
  return gaps;
}

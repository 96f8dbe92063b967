import type { IdDocumentKind } from '@pledge-desk/domain';
import type { Translate } from '@/lib/i18n/catalogue';
import type { customerKycText } from '../kyc-i18n';

type KycKey = keyof typeof customerKycText.en;

const KIND_KEYS: Record<IdDocumentKind, KycKey> = {
  aadhaar: 'kindAadhaar',
  pan: 'kindPan',
  voter_id: 'kindVoterId',
  passport: 'kindPassport',
  driving_licence: 'kindDrivingLicence',
  ration_card: 'kindRationCard',
  other: 'kindOther',
};

/** A document's kind in words: 'driving_licence' → "Driving licence". */
export function kindWord(kind: IdDocumentKind, t: Translate<KycKey>): string {
  return t(KIND_KEYS[kind]);
}

import type { KycGap } from '@pledge-desk/domain';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { customerKycListText } from '../i18n';

type KycKey = keyof typeof customerKycListText.en;

const GAP_KEYS: Record<KycGap, KycKey> = {
  id_document: 'gapIdDocument',
  photo: 'gapPhoto',
  pan_or_form60: 'gapPanOrForm60',
  id_proof_review: 'gapIdProofReview',
};

/** What is missing in words, in the server's (the register's) order: "photo, PAN or Form 60". */
export function gapWords(gaps: readonly KycGap[], t: Translate<KycKey>): string {
  return gaps.map((gap) => t(GAP_KEYS[gap])).join(', ');
}

/** The customers list's KYC cell: "KYC complete", or "KYC: photo, ID document missing". */
export function KycBadge({ gaps }: { gaps: readonly KycGap[] }) {
  const t = useT(customerKycListText);
  const complete = gaps.length === 0;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        complete
          ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300'
          : 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200'
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-1.5 shrink-0 rounded-full ${complete ? 'bg-emerald-500' : 'bg-amber-500'}`}
      />
      {complete ? t('listComplete') : t('listMissing', { pieces: gapWords(gaps, t) })}
    </span>
  );
}

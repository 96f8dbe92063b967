import type { KycGap, KycRegister, KycRegisterRow } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { registersText } from '../i18n';
import { kycBoth, kycRegisterText } from '../kyc-i18n';
import { num, td, th } from './headings';

type RegistersKey = keyof typeof kycRegisterText.en;

/** Each gap's words, in the order the register lists them. */
export const GAP_KEYS = {
  id_document: 'gapIdDocument',
  photo: 'gapPhoto',
  pan_or_form60: 'gapPanOrForm60',
  id_proof_review: 'gapIdProofReview',
} as const satisfies Record<KycGap, RegistersKey>;

type HeadingKey =
  | 'kycHeadCode'
  | 'kycHeadName'
  | 'kycHeadMobile'
  | 'kycHeadMissing'
  | 'kycHeadOpenPledges'
  | 'kycHeadOpenLoans';

/** A column heading in English with the Tamil under it, as the other registers' (headings.tsx). */
function Bilingual({ name }: { name: HeadingKey }) {
  return (
    <>
      <span className="block">{kycBoth.en(name)}</span>{' '}
      <span lang="ta" className="block text-[0.7rem] font-medium normal-case tracking-normal">
        {kycBoth.ta(name)}
      </span>
    </>
  );
}

/** Where a row leads: the customers screen searched by the code (customers have no page of their own). */
export const customerLink = (code: string) => `/customers?search=${encodeURIComponent(code)}`;

/** How many customers lack each piece, over the whole register. */
export function KycGapCounts({ byGap }: { byGap: KycRegister['by_gap'] }) {
  const t = useT(kycRegisterText);
  return (
    <dl
      aria-label={t('kycByGap')}
      className="flex flex-wrap gap-x-8 gap-y-1 border-b border-slate-200 px-5 py-3 text-sm text-navy-700 dark:border-navy-600 dark:text-slate-100"
    >
      {(Object.keys(GAP_KEYS) as KycGap[]).map((gap) => (
        <div key={gap}>
          <dt className="inline font-semibold">{t(GAP_KEYS[gap])}: </dt>
          <dd className="inline tabular-nums">{byGap[gap].toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The customers whose KYC has a gap, with what is missing in words; each name opens the customer. */
export function KycRegisterTable({ rows, label }: { rows: readonly KycRegisterRow[]; label: string }) {
  const t = useT(kycRegisterText);
  const common = useT(registersText);
  return (
    <section
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled from the keyboard.
      tabIndex={0}
      aria-label={common('scrollsSideways', { label })}
    >
      <table className="w-full min-w-[48rem] text-sm" aria-label={label}>
        <thead>
          <tr className="border-b border-slate-200 dark:border-navy-600">
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="kycHeadCode" />
            </th>
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="kycHeadName" />
            </th>
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="kycHeadMobile" />
            </th>
            <th scope="col" className={`${th} text-left`}>
              <Bilingual name="kycHeadMissing" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Bilingual name="kycHeadOpenPledges" />
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Bilingual name="kycHeadOpenLoans" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.customer_id} className="border-b border-slate-100 last:border-0 dark:border-navy-700">
              <td className={`${td} font-mono whitespace-nowrap`}>{r.customer_code}</td>
              <td className={`${td} min-w-48`}>
                <Link
                  to={customerLink(r.customer_code)}
                  aria-label={t('openCustomer', { code: r.customer_code, name: r.customer_name })}
                  className="font-semibold text-brand-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
                >
                  {r.customer_name}
                </Link>
              </td>
              <td className={`${td} tabular-nums whitespace-nowrap`}>{r.mobile_number}</td>
              <td className={`${td} min-w-48`}>
                <ul>
                  {r.gaps.map((gap) => (
                    <li key={gap}>{t(GAP_KEYS[gap])}</li>
                  ))}
                </ul>
              </td>
              <td className={`${td} ${num}`}>{r.open_pledges.toLocaleString('en-IN')}</td>
              <td className={`${td} ${num}`}>{formatAmount(r.open_loans)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

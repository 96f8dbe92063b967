import {
  formatIndianDate,
  formatRupees,
  REDEMPTION_LINES,
  type RedemptionLine,
  type ReleaseView,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { Fragment, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/language';
import type { Company } from '@/lib/session-types';
import { DuplicateStamp } from '@/shared/print/duplicate-stamp';
import { RECEIVER_KEYS, releaseSlipText, releaseText } from '../i18n';

export type SlipPaper = 'A5' | 'A4';
export const slipPaperMm = { A5: { width: 148, height: 210 }, A4: { width: 210, height: 297 } } as const;

/** English and Tamil labels of the release slip (Form H, the redemption receipt). */
const L = {
  title: ['Redemption Receipt (Form H)', 'மீட்பு ரசீது (படிவம் H)'],
  licence: ['Licence No', 'உரிம எண்'],
  count: ['Number of Articles', 'பொருட்களின் எண்ணிக்கை'],
  totalWeight: ['Total', 'மொத்தம்'],
  pledgeNo: ['Pledge No.', 'அடகு எண்'],
  pledgeDate: ['Pledge Date', 'அடகு தேதி'],
  closed: ['Redeemed On', 'மீட்ட தேதி'],
  released: ['Released On', 'விடுவித்த தேதி'],
  pawner: ['Pawner', 'அடகு வைத்தவர்'],
  address: ['Address', 'முகவரி'],
  receiver: ['Received By', 'பெற்றுக்கொண்டவர்'],
  idProof: ['ID Proof', 'அடையாளச் சான்று'],
  proof: ['Proof (s. 8)', 'சான்று (பிரிவு 8)'],
  articles: ['Articles Returned', 'திருப்பி அளித்த நகைகள்'],
  loan: ['Loan', 'கடன்'],
  paid: ['Paid', 'செலுத்தியவை'],
  amount: ['Amount', 'தொகை'],
  principal: ['Principal Paid', 'செலுத்திய அசல்'],
  interestPaid: ['Interest Paid', 'செலுத்திய வட்டி'],
  firstMonthInterest: ['of which First Month, from the Loan', 'இதில் முதல் மாதம், கடனில்'],
  interest: ['of which on Receipts', 'இதில் ரசீதுகளில்'],
  penalty: ['Penalty', 'அபராதம்'],
  discount: ['Less Discount', 'கழித்த தள்ளுபடி'],
  total: ['Total Paid', 'மொத்தம் செலுத்தியது'],
  receiverSign: ["Receiver's Signature", 'பெற்றவர் கையொப்பம்'],
  staffSign: ['Handed Over By', 'ஒப்படைத்தவர்'],
  article: ['Article', 'நகை'],
  gross: ['Gross g', 'மொத்த எடை'],
  net: ['Net g', 'நிகர எடை'],
  declaration: [
    'I have received the above articles in full and in the same condition as pledged.',
    'மேற்கண்ட பொருட்களை அடகு வைத்த நிலையிலேயே முழுமையாகப் பெற்றுக்கொண்டேன்.',
  ],
} as const;

/** A label in both languages, as the slip prints it: "English / தமிழ்". */
const both = (name: keyof typeof L) => `${L[name][0]} / ${L[name][1]}`;

function Label({ name }: { name: keyof typeof L }) {
  const [en, ta] = L[name];
  return (
    <span className="block text-[10px] leading-tight text-slate-600">
      <span className="font-semibold">{en}</span> / {ta}
    </span>
  );
}

function Box({
  name,
  children,
  className = '',
}: {
  name: keyof typeof L;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`border border-black px-2 py-0.5 ${className}`}>
      <Label name={name} />
      <span className="block text-sm font-bold [overflow-wrap:anywhere] text-black">{children}</span>
    </div>
  );
}

const rupees = (r: number) => formatRupees(rupeesToPaise(r));

/** The slip's label of each money line (the domain's REDEMPTION_LINES). */
const lineLabel: Record<RedemptionLine, keyof typeof L> = {
  principal: 'principal',
  interest: 'interestPaid',
  penalty: 'penalty',
  discount: 'discount',
};

/**
 * The money part of the slip: each line of redemptionFigures (the server's `paid`) with its sign, and
 * the total under them, which is their sum by construction (the domain adds the lines to make it). The
 * interest paid (docs/domain-rules.md §3: the first month's, taken from the loan, and the receipts')
 * shows what it is made of under it, not added again. The loan heads the table, apart from the lines.
 */
function PaidLines({ paid, loan }: { paid: ReleaseView['paid']; loan: number }) {
  const signed: Record<RedemptionLine, number> = {
    principal: paid.principal,
    interest: paid.interest_paid,
    penalty: paid.penalty,
    discount: -paid.discount,
  };
  const parts = [
    ['firstMonthInterest', paid.first_month_interest],
    ['interest', paid.interest],
  ] as const;
  return (
    <table className="mt-1 w-full border-collapse text-xs" data-testid="slip-paid">
      <thead>
        {/* The principal lent, above what was paid against it (not a line of the total). */}
        <tr data-testid="slip-loan">
          <th scope="row" className="border border-black px-1 text-left font-normal">
            {both('loan')}
          </th>
          <td className="border border-black px-1 text-right font-bold tabular-nums">{rupees(loan)}</td>
        </tr>
        <tr>
          <th className="border border-black px-1 text-left">{both('paid')}</th>
          <th className="border border-black px-1 text-right">{both('amount')}</th>
        </tr>
      </thead>
      <tbody>
        {REDEMPTION_LINES.map((line) => (
          <Fragment key={line}>
            <tr data-line={line}>
              <td className="border border-black px-1">{both(lineLabel[line])}</td>
              <td className="border border-black px-1 text-right tabular-nums" data-amount={signed[line]}>
                {rupees(signed[line])}
              </td>
            </tr>
            {line === 'interest'
              ? parts.map(([name, amount]) => (
                  <tr key={name} data-part={name} className="text-[10px] text-slate-700">
                    <td className="border border-black py-0 pr-1 pl-4">{both(name)}</td>
                    <td
                      className="border border-black px-1 py-0 text-right tabular-nums"
                      data-part-amount={amount}
                    >
                      ({rupees(amount)})
                    </td>
                  </tr>
                ))
              : null}
          </Fragment>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="border border-black border-t-2 px-1 text-left">
            {both('total')}
          </th>
          <td
            className="border border-black border-t-2 px-1 text-right font-bold tabular-nums"
            data-total={paid.total}
          >
            {rupees(paid.total)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The release slip: the pledge, the articles handed back, what was paid, and the two signatures. */
export function ReleaseSlip({
  release,
  company,
  paper,
  isDuplicate,
  photo = null,
  onPhotoSettled,
}: {
  release: ReleaseView;
  company: Pick<Company, 'company_name' | 'address' | 'city' | 'licence_no'> | undefined;
  paper: SlipPaper;
  isDuplicate: boolean;
  /** The pawner's photograph (a signed link), printed beside the name; null: none, and no box. */
  photo?: string | null;
  /** The photograph has loaded (or failed to): the page prints only after it. */
  onPhotoSettled?: (src: string, loaded: boolean) => void;
}) {
  const t = useT(releaseSlipText);
  const tr = useT(releaseText);
  const size = slipPaperMm[paper];
  return (
    <article
      className="release-slip relative mx-auto bg-white p-[7mm] text-black"
      style={{ width: `${size.width}mm`, minHeight: `${size.height}mm` }}
      data-paper={paper}
      aria-label={t('releaseSlip')}
    >
      {/* A reprint's stamp in a row of its own above the header, clear of the title. */}
      {isDuplicate ? (
        <div className="mb-1 flex justify-end">
          <DuplicateStamp isDuplicate />
        </div>
      ) : null}
      <header className="border-b border-black pb-2 text-center">
        <p className="text-base font-bold">{company?.company_name ?? ''}</p>
        <p className="text-xs">{[company?.address, company?.city].filter(Boolean).join(', ')}</p>
        <p className="text-xs">
          {both('licence')}: <span className="font-bold">{company?.licence_no || '—'}</span>
        </p>
        <h2 className="mt-1 text-sm font-bold" data-testid="paper-title">
          {L.title[0]} / {L.title[1]}
        </h2>
      </header>
      {/* Four columns, so a slip of a few articles fits one A5 sheet with its stamp and signatures. */}
      <div className="mt-2 grid grid-cols-4">
        <Box name="pledgeNo">{release.pledge_no}</Box>
        <Box name="pledgeDate">{formatIndianDate(release.pledge.pledge_date)}</Box>
        <Box name="closed">
          {release.pledge.closed_date ? formatIndianDate(release.pledge.closed_date) : ''}
        </Box>
        <Box name="released">{formatIndianDate(release.released_on)}</Box>
        <Box name="pawner" className="col-span-2">
          {/* The pawner's photograph (issue 33): the person who redeems is the one who pledged. */}
          {photo ? (
            <img
              src={photo}
              alt={t('pawnerPhoto', { name: release.customer.customer_name })}
              data-testid="slip-pawner-photo"
              className="float-right mb-0.5 ml-1 h-[16mm] w-[12.5mm] border border-black object-cover"
              onLoad={() => onPhotoSettled?.(photo, true)}
              onError={() => onPhotoSettled?.(photo, false)}
            />
          ) : null}
          {release.customer.customer_name} ({release.customer.acc_code})
          {release.customer.guardian_name ? `, ${release.customer.guardian_name}` : ''}
        </Box>
        <Box name="address" className="col-span-2">
          {release.customer.address}
        </Box>
        <Box name="receiver" className="col-span-2">
          {release.receiver_name} — {tr(RECEIVER_KEYS[release.receiver_kind])}
        </Box>
        <Box name="idProof">{release.receiver_id_proof ?? '—'}</Box>
        <Box name="proof">{release.proof_reference ?? '—'}</Box>
      </div>
      <div className="mt-2">
        <Label name="articles" />
        <table className="mt-1 w-full border-collapse text-xs">
          <thead>
            <tr>
              <th className="border border-black px-1 text-left">#</th>
              <th className="border border-black px-1 text-left">{both('article')}</th>
              <th className="border border-black px-1 text-right">{both('gross')}</th>
              <th className="border border-black px-1 text-right">{both('net')}</th>
            </tr>
          </thead>
          <tbody>
            {release.items.map((i, n) => (
              <tr key={i.pledge_item_id}>
                <td className="border border-black px-1">{n + 1}</td>
                <td className="border border-black px-1">
                  {i.design_name}
                  {i.condition ? ` (${i.condition})` : ''}
                </td>
                <td className="border border-black px-1 text-right">{i.gross_weight.toFixed(3)}</td>
                <td className="border border-black px-1 text-right">{i.net_weight.toFixed(3)}</td>
              </tr>
            ))}
            <tr className="font-bold">
              <td className="border border-black px-1" />
              <td className="border border-black px-1">
                {both('totalWeight')} · {both('count')}:{' '}
                <span data-testid="slip-article-count">{release.pledge.item_count}</span>
              </td>
              <td className="border border-black px-1 text-right">
                {release.pledge.gross_weight.toFixed(3)}
              </td>
              <td className="border border-black px-1 text-right">{release.pledge.net_weight.toFixed(3)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <PaidLines paid={release.paid} loan={release.pledge.total_loan_amount} />
      <p className="mt-2 text-xs">{both('declaration')}</p>
      <footer className="mt-[10mm] grid grid-cols-2 gap-6 text-center text-xs">
        <div className="border-t border-black pt-1">
          <Label name="receiverSign" />
          {release.receiver_name}
        </div>
        <div className="border-t border-black pt-1">
          <Label name="staffSign" />
          {release.handed_over_by?.username ?? ''}
        </div>
      </footer>
    </article>
  );
}

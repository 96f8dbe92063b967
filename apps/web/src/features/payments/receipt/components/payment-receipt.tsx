import {
  amountInTamilWords,
  amountInWords,
  formatIndianDate,
  formatIndianNumber,
  formatRupees,
  type ReceiptView,
  rupeesToPaise,
} from '@pledge-desk/domain';
import type { ReactNode } from 'react';
import { useLanguage, useT } from '@/lib/i18n/language';
import type { Company } from '@/lib/session-types';
import { DuplicateStamp } from '@/shared/print/duplicate-stamp';
import { receiptText } from '../i18n';
import {
  type ReceiptLabel,
  receiptLabels,
  receiptLabelText,
  receiptMethodLabels,
  receiptTypeLabels,
} from './receipt-labels';

export type ReceiptKind = 'full' | 'content';
export type PaperSize = 'A5' | 'A4';

/** The sheet's size on screen and on paper, in millimetres (ISO 216, portrait). */
export const paperMm = { A5: { width: 148, height: 210 }, A4: { width: 210, height: 297 } } as const;

const paise = (rupees: number) => rupeesToPaise(rupees);
const money = (p: number) => formatIndianNumber(p);
const rupees = (p: number) => formatRupees(p);

/**
 * One layout for both kinds, so the values of Content Only fall exactly where the Full Print puts them.
 * Content Only keeps every label's room but draws neither the label nor its box.
 */
function Label({
  name,
  kind,
  stacked = false,
}: {
  name: ReceiptLabel;
  kind: ReceiptKind;
  stacked?: boolean;
}) {
  const [english, tamil] = receiptLabels[name];
  return (
    <span className={`block leading-tight text-slate-600 ${kind === 'content' ? 'invisible' : ''}`}>
      <span className="font-semibold">{english}</span>
      {/* A narrow column puts the Tamil under the English instead of breaking both. */}
      {stacked ? <span className="block">{tamil}</span> : <span> / {tamil}</span>}
    </span>
  );
}

function Cell({
  name,
  kind,
  children,
  className = '',
}: {
  name: ReceiptLabel;
  kind: ReceiptKind;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`receipt-box px-2 py-1 ${className}`} data-label={receiptLabelText(name)}>
      <Label name={name} kind={kind} />
      <span className="block font-bold text-black">{children}</span>
    </div>
  );
}

/** A stored timestamp's day on the branch's clock (IST), DD/MM/YYYY. */
function istDate(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
}

function customerAddress(customer: ReceiptView['customer']): string {
  return [customer.address, customer.city]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

const columns = [
  { name: 'serial', align: 'left' },
  { name: 'pledgeNo', align: 'left' },
  { name: 'type', align: 'left' },
  { name: 'interest', align: 'right' },
  { name: 'principal', align: 'right' },
  { name: 'penalty', align: 'right' },
  { name: 'discount', align: 'right' },
  { name: 'balanceAfter', align: 'right' },
] as const satisfies readonly { name: ReceiptLabel; align: 'left' | 'right' }[];

/**
 * The payment receipt of one act at the counter, a single pledge or several: the
 * lender's header, the receipt number and date, the customer, a line per pledge (type, interest,
 * principal, penalty, discount, balance after), the totals, the amount received in figures and in
 * words, the method and reference, the admin who approved a discount or penalty, and the two
 * signatures. Marked DUPLICATE on a reprint and REVERSED once reversed. Sized in millimetres for the
 * paper chosen.
 */
export function PaymentReceipt({
  receipt,
  company,
  kind,
  paper,
  isDuplicate,
}: {
  receipt: ReceiptView;
  company: Company | undefined;
  kind: ReceiptKind;
  paper: PaperSize;
  isDuplicate: boolean;
}) {
  const size = paperMm[paper];
  // The amount in words in the interface's language: the Tamil papers write it in Tamil.
  const inWords = useLanguage() === 'ta' ? amountInTamilWords : amountInWords;
  const t = useT(receiptText);
  const hidden = kind === 'content' ? 'invisible' : '';
  const cityLine = [company?.address, company?.city].filter(Boolean).join(', ');
  const sum = (pick: (line: ReceiptView['lines'][number]) => number) =>
    receipt.lines.reduce((total, line) => total + paise(pick(line)), 0);
  const totalInterest = sum((l) => l.interest_amount);
  const totalPrincipal = sum((l) => l.principal_amount);
  const totalPenalty = sum((l) => l.penalty_amount);
  const totalDiscount = sum((l) => l.discount_amount);
  const net = paise(receipt.net_amount);
  const cell = 'receipt-box px-1.5 py-1 align-top tabular-nums';

  return (
    <article
      aria-label={kind === 'full' ? t('sheet') : t('sheetContentOnly')}
      data-kind={kind}
      data-paper={paper}
      className={`payment-receipt relative mx-auto bg-white text-black shadow-lg print:shadow-none ${
        paper === 'A5' ? 'text-[8pt]' : 'text-[11pt]'
      } ${kind === 'content' ? 'receipt-content-only' : ''}`}
      style={{
        width: `${size.width}mm`,
        minHeight: `${size.height}mm`,
        padding: paper === 'A5' ? '7mm' : '12mm',
      }}
    >
      {receipt.reversed ? (
        <p
          data-testid="reversed-mark"
          aria-hidden="true"
          className="receipt-reversed pointer-events-none absolute top-[45%] left-1/2 -translate-x-1/2 -translate-y-1/2 rotate-[-20deg] rounded-lg border-4 border-red-600/70 px-4 py-1 text-center text-[28pt] font-black tracking-[0.2em] whitespace-nowrap text-red-600/70"
        >
          {receiptLabels.reversed[0]}
          <span className="block text-[11pt] tracking-normal">{receiptLabels.reversed[1]}</span>
        </p>
      ) : null}

      <header className={`flex items-start gap-3 border-b-2 border-black pb-2 ${hidden}`}>
        {company?.logo ? (
          <img
            src={company.logo}
            alt={t('logo', { company: company.company_name })}
            className={`${paper === 'A5' ? 'size-[13mm]' : 'size-[16mm]'} object-contain`}
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="text-[1.5em] leading-tight font-black">{company?.company_name ?? ''}</p>
          {cityLine ? <p>{cityLine}</p> : null}
          {company?.phone ? <p>{t('phone', { phone: company.phone })}</p> : null}
          <p>
            {receiptLabelText('licence')}: <span className="font-bold">{company?.licence_no ?? '—'}</span>
          </p>
        </div>
        <div className="flex flex-col items-end text-right">
          <p className="text-[1.25em] font-black" data-testid="paper-title">
            {receiptLabels.title[0]}
          </p>
          <p data-testid="paper-form">{receiptLabels.title[1]}</p>
          {/* Under the title, in room kept on every print (a first print and a reprint put the values in
              the same places); drawn even on Content Only, where the header around it is not. */}
          <DuplicateStamp isDuplicate={isDuplicate} keepRoom className="mt-1" />
        </div>
      </header>

      <div className="receipt-grid mt-2 grid grid-cols-3">
        <Cell name="receiptNo" kind={kind}>
          <span data-testid="receipt-no">{receipt.receipt_no}</span>
        </Cell>
        <Cell name="date" kind={kind}>
          {formatIndianDate(receipt.payment_date)}
        </Cell>
        <Cell name="voucherNo" kind={kind}>
          {receipt.voucher_number}
        </Cell>
        <Cell name="customer" kind={kind} className="col-span-2">
          {receipt.customer.customer_name}
        </Cell>
        <Cell name="customerId" kind={kind}>
          {receipt.customer.acc_code}
        </Cell>
        <Cell name="mobile" kind={kind}>
          {receipt.customer.mobile_number}
        </Cell>
        <Cell name="address" kind={kind} className="col-span-2">
          {customerAddress(receipt.customer)}
        </Cell>
      </div>

      <table className="receipt-lines mt-2 w-full border-collapse" aria-label={t('pledgesPaid')}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.name}
                scope="col"
                className={`receipt-box px-1.5 py-1 align-bottom font-normal ${c.align === 'right' ? 'text-right' : 'text-left'}`}
              >
                <Label name={c.name} kind={kind} stacked />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => {
            const [typeEnglish, typeTamil] = receiptTypeLabels[line.payment_type];
            return (
              <tr key={line.payment_id} data-testid="receipt-line">
                <td className={cell}>{index + 1}</td>
                <td className={`${cell} font-bold whitespace-nowrap`}>{line.pledge_no}</td>
                <td className={cell}>
                  {typeEnglish} <span className="text-[0.85em] whitespace-nowrap">/ {typeTamil}</span>
                  {line.closed_pledge ? (
                    <span className="block text-[0.85em] font-bold">{receiptLabelText('pledgeClosed')}</span>
                  ) : null}
                </td>
                <td className={`${cell} text-right`}>{money(paise(line.interest_amount))}</td>
                <td className={`${cell} text-right`}>{money(paise(line.principal_amount))}</td>
                <td className={`${cell} text-right`}>{money(paise(line.penalty_amount))}</td>
                <td className={`${cell} text-right`}>
                  {paise(line.discount_amount) > 0 ? `-${money(paise(line.discount_amount))}` : money(0)}
                </td>
                <td className={`${cell} text-right`}>{money(paise(line.balance_amount))}</td>
              </tr>
            );
          })}
          <tr data-testid="receipt-totals">
            <td className="receipt-box px-1.5 py-1" />
            <td className="receipt-box px-1.5 py-1" colSpan={2}>
              <span className={`font-semibold ${hidden}`}>{receiptLabelText('total')}</span>
            </td>
            <td className={`${cell} text-right font-bold`}>{money(totalInterest)}</td>
            <td className={`${cell} text-right font-bold`}>{money(totalPrincipal)}</td>
            <td className={`${cell} text-right font-bold`}>{money(totalPenalty)}</td>
            <td className={`${cell} text-right font-bold`}>
              {totalDiscount > 0 ? `-${money(totalDiscount)}` : money(0)}
            </td>
            <td className="receipt-box px-1.5 py-1" />
          </tr>
        </tbody>
      </table>

      <div className="receipt-grid mt-2 grid grid-cols-3">
        <Cell name="amountReceived" kind={kind}>
          <span data-testid="amount-received" className="text-[1.2em]">
            {rupees(net)}
          </span>
        </Cell>
        <Cell name="inWords" kind={kind} className="col-span-2">
          <span data-testid="amount-in-words">{inWords(net)}</span>
        </Cell>
        <Cell name="method" kind={kind}>
          {receiptMethodLabels[receipt.payment_method]}
        </Cell>
        <Cell name="reference" kind={kind}>
          {receipt.bank_reference?.trim() ? receipt.bank_reference : '—'}
        </Cell>
        <Cell name="remarks" kind={kind}>
          {receipt.remarks?.trim() ? receipt.remarks : '—'}
        </Cell>
      </div>

      {receipt.approved_by_username ? (
        // Who approved the discount or penalty, on Content Only too: pre-printed
        // stationery has no box for it.
        <p data-testid="approved-by" className="mt-2 px-2">
          {`${receiptLabels.approvedBy[0]} `}
          <span className="font-bold">{receipt.approved_by_username}</span>
          {` / ${receiptLabels.approvedBy[1]}: `}
          <span className="font-bold">{receipt.approved_by_username}</span>
        </p>
      ) : null}

      {receipt.reversed ? (
        <p data-testid="reversal-note" className="receipt-box mt-2 px-2 py-1 font-bold text-red-700">
          {`${receiptLabelText('reversed')}: ${istDate(receipt.reversed_at)}${
            receipt.reversal_reason ? ` — ${receipt.reversal_reason}` : ''
          }`}
        </p>
      ) : null}

      <footer className={`${paper === 'A5' ? 'mt-[12mm]' : 'mt-[18mm]'} grid grid-cols-2 gap-[10mm]`}>
        {(['customerSignature', 'cashierSignature'] as const).map((name) => (
          <div key={name} className={`border-t border-black pt-1 text-center ${hidden}`}>
            {receiptLabelText(name)}
          </div>
        ))}
      </footer>
    </article>
  );
}

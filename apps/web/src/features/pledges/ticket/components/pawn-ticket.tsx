import {
  amountInTamilWords,
  amountInWords,
  type CustomerView,
  formatGrams,
  formatIndianDate,
  formatRupees,
  gramsToMg,
  type PledgeView,
  rupeesToPaise,
} from '@pledge-desk/domain';
import type { ReactNode } from 'react';
import type { Translate } from '@/lib/i18n/catalogue';
import { useLanguage, useT } from '@/lib/i18n/language';
import type { Company } from '@/lib/session-types';
import { DuplicateStamp } from '@/shared/print/duplicate-stamp';
import { ticketText } from '../i18n';
import { labelText, type TicketLabel, ticketLabels } from './ticket-labels';

export type TicketKind = 'full' | 'content';
export type PaperSize = 'A5' | 'A4';

/** The sheet's size on screen and on paper, in millimetres (ISO 216, portrait). */
export const paperMm = { A5: { width: 148, height: 210 }, A4: { width: 210, height: 297 } } as const;

/** Type, margins and photo size per paper: A5 is set tight so a pledge of a few items fits one sheet. */
const paperLook = {
  A5: {
    text: 'text-[7.5pt]',
    padding: '6mm',
    photo: 'size-[8mm]',
    logo: 'size-[13mm]',
    signatures: 'mt-[9mm]',
    pawnerPhoto: 'h-[14mm] w-[11mm]',
    besidePhoto: 'pr-[13mm]',
  },
  A4: {
    text: 'text-[11pt]',
    padding: '12mm',
    photo: 'size-[11mm]',
    logo: 'size-[16mm]',
    signatures: 'mt-[14mm]',
    pawnerPhoto: 'h-[19mm] w-[15mm]',
    besidePhoto: 'pr-[18mm]',
  },
} as const;

const rupees = (amount: number) => formatRupees(rupeesToPaise(amount));
const grams = (weight: number) => formatGrams(gramsToMg(weight));

/**
 * One layout for both kinds, so the values of Content Only fall exactly where the Full Print puts
 * them: stationery printed from the full layout then takes the values in its blanks. Content Only
 * keeps every label's room but draws neither the label nor its box (`invisible`, transparent borders).
 */
function Label({ name, kind }: { name: TicketLabel; kind: TicketKind }) {
  const [english, tamil] = ticketLabels[name];
  return (
    <span className={`block leading-tight text-slate-600 ${kind === 'content' ? 'invisible' : ''}`}>
      <span className="font-semibold">{english}</span>
      <span className="ticket-tamil"> / {tamil}</span>
    </span>
  );
}

function Cell({
  name,
  kind,
  children,
  className = '',
}: {
  name: TicketLabel;
  kind: TicketKind;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`ticket-box px-2 py-1 ${className}`} data-label={labelText(name)}>
      <Label name={name} kind={kind} />
      <span className="block font-bold text-black">{children}</span>
    </div>
  );
}

function customerAddress(customer: CustomerView | undefined): string {
  if (!customer) return '';
  const lines = [customer.door_no, customer.street, customer.location, customer.district]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return customer.pincode ? `${lines} - ${customer.pincode}` : lines;
}

/** "6 months / மாதங்கள் (till 20/05/2027)" in English; "6 மாதங்கள் (20/05/2027 வரை)" in Tamil. */
function redemptionPeriod(t: Translate<keyof typeof ticketText.en>, pledge: PledgeView): string {
  return t('redemption', { count: pledge.duration, date: formatIndianDate(pledge.due_date) });
}

/**
 * The pawn ticket (Form F particulars) for a pledge: the pawnbroker's header with the licence, the
 * pledge, the pawner, the articles with weights and photos, the money (the amount lent also in
 * words, and the cash paid out) and the two signatures. Sized in millimetres for the paper chosen.
 */
export function PawnTicket({
  pledge,
  customer,
  company,
  kind,
  paper,
  isDuplicate,
  onPhotoSettled,
}: {
  pledge: PledgeView;
  customer: CustomerView | undefined;
  company: Company | undefined;
  kind: TicketKind;
  paper: PaperSize;
  isDuplicate: boolean;
  /** The pawner's photograph has loaded (or failed to): the page prints only after it. */
  onPhotoSettled?: (src: string, loaded: boolean) => void;
}) {
  const size = paperMm[paper];
  const look = paperLook[paper];
  // The amount in words in the interface's language: the Tamil papers write it in Tamil.
  const t = useT(ticketText);
  const isTamil = useLanguage() === 'ta';
  const inWords = isTamil ? amountInTamilWords : amountInWords;
  const hidden = kind === 'content' ? 'invisible' : '';
  const cityLine = [company?.address, company?.city].filter(Boolean).join(', ');
  // The pawner's photograph on the Full Print (issue 33), so the person who redeems is the one who
  // pledged. Content Only prints none: the stationery has no place for it. Set over the right end of
  // the name and guardian boxes, it moves no value from where Content Only puts it.
  const photo = kind === 'full' ? (customer?.photo ?? null) : null;
  const besidePhoto = photo ? look.besidePhoto : '';
  return (
    <article
      aria-label={kind === 'full' ? t('pawnTicket') : t('pawnTicketContent')}
      data-kind={kind}
      data-paper={paper}
      className={`pawn-ticket relative mx-auto bg-white text-black shadow-lg print:shadow-none ${
        paper === 'A5' ? 'text-[8.5pt]' : 'text-[11pt]'
      } ${kind === 'content' ? 'ticket-content-only' : ''}`}
      style={{
        width: `${size.width}mm`,
        minHeight: `${size.height}mm`,
        padding: paper === 'A5' ? '7mm' : '12mm',
      }}
    >
      <header className={`flex items-start gap-3 border-b-2 border-black pb-2 ${hidden}`}>
        {company?.logo ? (
          <img
            src={company.logo}
            alt={t('logo', { name: company.company_name })}
            className={`${look.logo} object-contain`}
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="text-[1.5em] leading-tight font-black">{company?.company_name ?? ''}</p>
          {cityLine ? <p>{cityLine}</p> : null}
          {company?.phone ? <p>{t('phone', { phone: company.phone })}</p> : null}
          <p>
            {labelText('licence')}: <span className="font-bold">{company?.licence_no || '—'}</span>
          </p>
        </div>
        <div className="flex flex-col items-end text-right">
          <p className="text-[1.25em] font-black" data-testid="paper-title">
            {labelText('title')}
          </p>
          <p data-testid="paper-form">{labelText('form')}</p>
          {/* Under the form's name, in room kept on every print (a first print and a reprint put the
              values in the same places); drawn on Content Only too, where the header is not. */}
          <DuplicateStamp isDuplicate={isDuplicate} keepRoom className="mt-1" />
        </div>
      </header>

      <div className="ticket-grid mt-2 grid grid-cols-3">
        <Cell name="pledgeNo" kind={kind}>
          {pledge.pledge_no}
        </Cell>
        <Cell name="pledgeDate" kind={kind}>
          {formatIndianDate(pledge.pledge_date)}
        </Cell>
        <Cell name="dueDate" kind={kind}>
          {formatIndianDate(pledge.due_date)}
        </Cell>
        <Cell name="pawner" kind={kind} className={`relative col-span-2 ${besidePhoto}`}>
          {pledge.customer_name}
          {photo ? (
            <img
              src={photo}
              alt={t('pawnerPhoto', { name: pledge.customer_name })}
              data-testid="pawner-photo"
              className={`absolute top-[0.8mm] right-[0.8mm] z-10 border border-black bg-white object-cover ${look.pawnerPhoto}`}
              onLoad={() => onPhotoSettled?.(photo, true)}
              onError={() => onPhotoSettled?.(photo, false)}
            />
          ) : null}
        </Cell>
        <Cell name="customerId" kind={kind}>
          {pledge.customer_acc_code}
        </Cell>
        <Cell name="guardian" kind={kind} className={`col-span-2 ${besidePhoto}`}>
          {customer?.guardian_name ?? ''}
        </Cell>
        <Cell name="mobile" kind={kind}>
          {pledge.customer_mobile}
        </Cell>
        <Cell name="address" kind={kind} className="col-span-3">
          {customerAddress(customer)}
        </Cell>
      </div>

      <table className="ticket-items mt-2 w-full border-collapse">
        <thead>
          <tr>
            {(['serial', 'description', 'grossWeight', 'netWeight', 'photo'] as const).map((name) => (
              <th
                key={name}
                scope="col"
                className="ticket-box px-1.5 py-1 text-left align-bottom font-normal"
              >
                <Label name={name} kind={kind} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pledge.items.map((item, index) => (
            <tr key={item.pledge_item_id}>
              <td className="ticket-box px-1.5 py-1 align-top tabular-nums">{index + 1}</td>
              <td className="ticket-box px-1.5 py-1 align-top font-bold">
                {item.design_name}
                {item.jewell_condition ? (
                  <span className="font-normal"> ({item.jewell_condition})</span>
                ) : null}
              </td>
              <td className="ticket-box px-1.5 py-1 text-right align-top tabular-nums">
                {grams(item.gross_weight)}
              </td>
              <td className="ticket-box px-1.5 py-1 text-right align-top tabular-nums">
                {grams(item.net_weight)}
              </td>
              <td className="ticket-box px-1.5 py-1 align-top">
                {item.image ? (
                  <img src={item.image} alt={item.design_name} className={`${look.photo} object-cover`} />
                ) : null}
              </td>
            </tr>
          ))}
          <tr>
            <td className="ticket-box px-1.5 py-1" />
            <td className="ticket-box px-1.5 py-1">
              <span className={hidden}>{labelText('total')} · </span>
              <span className={hidden}>{labelText('articles')}: </span>
              <span className="font-bold" data-testid="article-count">
                {pledge.item_count}
              </span>
            </td>
            <td className="ticket-box px-1.5 py-1 text-right font-bold tabular-nums">
              {grams(pledge.gross_weight)}
            </td>
            <td className="ticket-box px-1.5 py-1 text-right font-bold tabular-nums">
              {grams(pledge.net_weight)}
            </td>
            <td className="ticket-box px-1.5 py-1" />
          </tr>
        </tbody>
      </table>

      <div className="ticket-grid mt-2 grid grid-cols-3">
        <Cell name="value" kind={kind}>
          {rupees(pledge.total_valuation)}
        </Cell>
        <Cell name="amountLent" kind={kind}>
          {rupees(pledge.total_loan_amount)}
        </Cell>
        <Cell name="interestRate" kind={kind}>
          {t('perMonth', { rate: String(pledge.interest_rate) })}
        </Cell>
        <Cell name="firstMonthInterest" kind={kind}>
          {rupees(pledge.first_month_interest)}
        </Cell>
        <Cell name="documentCharges" kind={kind}>
          {rupees(pledge.document_charges)}
        </Cell>
        <Cell name="amountPaid" kind={kind}>
          {rupees(pledge.final_amount)}
        </Cell>
        {/* Form F states the sum lent in words; the cash handed over (less the first month's interest
            and the charges) is the figure beside it. */}
        <Cell name="inWords" kind={kind} className="col-span-3">
          <span data-testid="amount-in-words">{inWords(rupeesToPaise(pledge.total_loan_amount))}</span>
        </Cell>
        <Cell name="redemption" kind={kind} className="col-span-3">
          {redemptionPeriod(t, pledge)}
        </Cell>
      </div>

      <footer className={`${look.signatures} grid grid-cols-2 gap-[10mm]`}>
        {(['pawnerSignature', 'pawnbrokerSignature'] as const).map((name) => (
          <div key={name} className={`border-t border-black pt-1 text-center ${hidden}`}>
            {labelText(name)}
          </div>
        ))}
      </footer>
    </article>
  );
}

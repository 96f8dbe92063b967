import { formatGrams, formatIndianDate, formatRupees, gramsToMg, rupeesToPaise } from '@pledge-desk/domain';
import { useT } from '@/lib/i18n/language';
import { DuplicateStamp } from '@/shared/print/duplicate-stamp';
import type { Notice } from '../api/notices-api';
import { noticePrintText } from '../i18n';

/** The company header of the letter (GET /companies/{id}). */
export interface LetterCompany {
  company_name: string;
  address?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  phone?: string | null | undefined;
  licence_no?: string | null | undefined;
}

const rupees = (amount: number) => formatRupees(rupeesToPaise(amount));
const grams = (weight: number) => formatGrams(gramsToMg(weight));

/** English and Tamil labels of the notice before sale. */
export const noticeLabels = {
  title: ['NOTICE BEFORE SALE', 'விற்பனைக்கு முன் அறிவிப்பு'],
  act: [
    'Under section 12 of the Tamil Nadu Pawnbrokers Act, 1943 — by registered post',
    'தமிழ்நாடு அடகு வணிகர் சட்டம், 1943, பிரிவு 12-ன் கீழ் — பதிவுத் தபால் மூலம்',
  ],
  noticeNo: ['Notice No', 'அறிவிப்பு எண்'],
  noticeDate: ['Notice date', 'அறிவிப்பு தேதி'],
  to: ['To', 'பெறுநர்'],
  pledgeNo: ['Pledge No', 'அடகு எண்'],
  pledgeDate: ['Pledge date', 'அடகு தேதி'],
  dueDate: ['Due date', 'கெடு தேதி'],
  article: ['Article', 'நகை'],
  gross: ['Gross weight', 'மொத்த எடை'],
  net: ['Net weight', 'நிகர எடை'],
  principal: ['Principal', 'அசல்'],
  interest: ['Interest', 'வட்டி'],
  total: ['Amount due', 'செலுத்த வேண்டிய தொகை'],
  saleAfter: ['May be sold after', 'இதற்குப் பின் விற்கப்படலாம்'],
  signature: ['Authorised signatory', 'அங்கீகரிக்கப்பட்ட கையொப்பம்'],
  licence: ['Licence No', 'உரிம எண்'],
  asOf: ['As of', 'அன்றைய நிலவரப்படி'],
} as const;

/** The letter's body in both languages, around the sale date (printed in bold between the parts). */
const noticeBody = {
  en: [
    'The above pledge has passed its due date. Unless the amount due, with interest up to the day of payment, is paid and the articles are redeemed, the articles pledged may be sold by public auction on or after ',
    '. Any surplus of the sale over the amount due will be paid to you on claim.',
  ],
  ta: [
    'மேற்கண்ட அடகின் கெடு தேதி கடந்துவிட்டது. செலுத்த வேண்டிய தொகையை, செலுத்தும் நாள் வரையிலான வட்டியுடன் செலுத்தி நகைகளை மீட்காவிட்டால், அடகு வைக்கப்பட்ட நகைகள் ',
    ' அன்று அல்லது அதற்குப் பிறகு பொது ஏலத்தில் விற்கப்படலாம். விற்பனைத் தொகையில் செலுத்த வேண்டிய தொகைக்கு மேல் உள்ள உபரி, நீங்கள் கோரும்போது உங்களுக்கு வழங்கப்படும்.',
  ],
} as const;

function Bi({ name, className = '' }: { name: keyof typeof noticeLabels; className?: string }) {
  const [english, tamil] = noticeLabels[name];
  return (
    <span className={className}>
      <span className="font-semibold">{english}</span>
      <span lang="ta"> / {tamil}</span>
    </span>
  );
}

/**
 * One notice before sale on one A4 page, in English and Tamil: the company header, the pawner's name
 * and address, the pledge with its articles and weights, the amount due as of the notice date, the
 * date after which the articles may be sold, and the signature.
 */
export function NoticeLetter({
  notice,
  company,
  isDuplicate,
}: {
  notice: Notice;
  company: LetterCompany | undefined;
  isDuplicate: boolean;
}) {
  const t = useT(noticePrintText);
  const place = [company?.address, company?.city, company?.state].filter((s) => s?.trim()).join(', ');
  const saleAfter = formatIndianDate(notice.sale_after);
  return (
    <article
      className="notice-letter relative mx-auto box-border bg-white p-[14mm] text-[10.5pt] leading-snug text-black shadow print:shadow-none"
      style={{ width: '210mm', minHeight: '297mm' }}
      aria-label={t('letter', { notice: notice.notice_no })}
      data-notice-id={notice.id}
    >
      {/* The reprint's stamp and a replaced notice's mark in a row of their own above the header. */}
      {isDuplicate || notice.superseded_by_no ? (
        <div className="mb-2 flex items-start justify-between gap-4">
          {notice.superseded_by_no ? (
            <span className="rounded border-2 border-red-700 px-2 py-0.5 text-sm font-bold text-red-700">
              {t('replacedBy', { notice: notice.superseded_by_no })}
            </span>
          ) : (
            <span />
          )}
          <DuplicateStamp isDuplicate={isDuplicate} />
        </div>
      ) : null}
      <header className="border-b-2 border-black pb-2 text-center">
        <p className="text-[16pt] font-bold uppercase">{company?.company_name ?? ''}</p>
        {place ? <p>{place}</p> : null}
        <p className="text-[9pt]">
          {company?.phone ? t('phone', { phone: company.phone }) : ''}
          {company?.licence_no ? (
            <>
              {company?.phone ? ' · ' : ''}
              <Bi name="licence" />: {company.licence_no}
            </>
          ) : null}
        </p>
      </header>

      <h2 className="mt-3 text-center text-[13pt]" data-testid="paper-title">
        <Bi name="title" />
      </h2>
      <p className="text-center text-[8.5pt]">
        {noticeLabels.act[0]}
        <br />
        <span lang="ta">{noticeLabels.act[1]}</span>
      </p>

      <div className="mt-3 flex justify-between">
        <p>
          <Bi name="noticeNo" />: <strong>{notice.notice_no}</strong>
        </p>
        <p>
          <Bi name="noticeDate" />: <strong>{formatIndianDate(notice.notice_date)}</strong>
        </p>
      </div>

      <div className="mt-3">
        <p>
          <Bi name="to" />:
        </p>
        <p className="ml-6 font-bold">{notice.customer_name}</p>
        {notice.guardian_name ? (
          <p className="ml-6">{t('careOf', { guardian: notice.guardian_name })}</p>
        ) : null}
        <p className="ml-6">{notice.address}</p>
        <p className="ml-6">{t('mobile', { mobile: notice.mobile_number })}</p>
      </div>

      <table className="mt-3 w-full border-collapse text-[9.5pt]">
        <tbody>
          <tr>
            <td className="border border-black px-2 py-1">
              <Bi name="pledgeNo" />
            </td>
            <td className="border border-black px-2 py-1 font-bold">{notice.pledge_no}</td>
            <td className="border border-black px-2 py-1">
              <Bi name="pledgeDate" />
            </td>
            <td className="border border-black px-2 py-1 font-bold">
              {formatIndianDate(notice.pledge_date)}
            </td>
            <td className="border border-black px-2 py-1">
              <Bi name="dueDate" />
            </td>
            <td className="border border-black px-2 py-1 font-bold">{formatIndianDate(notice.due_date)}</td>
          </tr>
        </tbody>
      </table>

      <table className="mt-3 w-full border-collapse text-[9.5pt]">
        <thead>
          <tr>
            <th className="border border-black px-2 py-1 text-left">#</th>
            <th className="border border-black px-2 py-1 text-left">
              <Bi name="article" />
            </th>
            <th className="border border-black px-2 py-1 text-right">
              <Bi name="gross" />
            </th>
            <th className="border border-black px-2 py-1 text-right">
              <Bi name="net" />
            </th>
          </tr>
        </thead>
        <tbody>
          {notice.articles.map((a, i) => (
            <tr key={a.item_id}>
              <td className="border border-black px-2 py-1">{i + 1}</td>
              <td className="border border-black px-2 py-1">
                {a.design_name}
                {a.condition ? ` (${a.condition})` : ''}
              </td>
              <td className="border border-black px-2 py-1 text-right tabular-nums">
                {grams(a.gross_weight)}
              </td>
              <td className="border border-black px-2 py-1 text-right tabular-nums">{grams(a.net_weight)}</td>
            </tr>
          ))}
          <tr className="font-bold">
            <td className="border border-black px-2 py-1" colSpan={2}>
              {t('articleCount', { count: notice.item_count })}
            </td>
            <td className="border border-black px-2 py-1 text-right tabular-nums">
              {grams(notice.gross_weight)}
            </td>
            <td className="border border-black px-2 py-1 text-right tabular-nums">
              {grams(notice.net_weight)}
            </td>
          </tr>
        </tbody>
      </table>

      <table className="mt-3 ml-auto border-collapse text-[10pt]">
        <caption className="pb-1 text-left text-[9pt]">
          {noticeLabels.asOf[0]} {formatIndianDate(notice.notice_date)} /{' '}
          <span lang="ta">
            {formatIndianDate(notice.notice_date)} {noticeLabels.asOf[1]}
          </span>
        </caption>
        <tbody>
          <tr>
            <td className="border border-black px-2 py-1">
              <Bi name="principal" />
            </td>
            <td className="border border-black px-2 py-1 text-right tabular-nums">
              {rupees(notice.principal_due)}
            </td>
          </tr>
          <tr>
            <td className="border border-black px-2 py-1">
              <Bi name="interest" />
            </td>
            <td className="border border-black px-2 py-1 text-right tabular-nums">
              {rupees(notice.interest_due)}
            </td>
          </tr>
          <tr className="font-bold">
            <td className="border border-black px-2 py-1">
              <Bi name="total" />
            </td>
            <td
              className="border border-black px-2 py-1 text-right tabular-nums"
              data-testid="notice-amount-due"
            >
              {rupees(notice.amount_due)}
            </td>
          </tr>
        </tbody>
      </table>

      <div className="mt-4 space-y-2 text-justify">
        <p>
          {noticeBody.en[0]}
          <strong>{saleAfter}</strong>
          {noticeBody.en[1]}
        </p>
        <p lang="ta">
          {noticeBody.ta[0]}
          <strong>{saleAfter}</strong>
          {noticeBody.ta[1]}
        </p>
        <p>
          <Bi name="saleAfter" />: <strong data-testid="notice-sale-after">{saleAfter}</strong>
        </p>
      </div>

      <footer className="mt-[18mm] flex justify-end">
        <div className="text-center">
          <p>{t('forCompany', { company: company?.company_name ?? '' })}</p>
          <p className="mt-[14mm] border-t border-black px-6 pt-1 text-[9pt]">
            <Bi name="signature" />
          </p>
        </div>
      </footer>
    </article>
  );
}

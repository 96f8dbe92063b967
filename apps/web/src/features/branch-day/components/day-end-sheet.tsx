import {
  type CashDrawer,
  type DayDetail,
  DRAWER_NOTES,
  formatIndianDate,
  formatRupees,
  rupeesToPaise,
} from '@pledge-desk/domain';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { type CashDrawerKey, cashDrawerText, kindText } from '../i18n';

type T = Translate<CashDrawerKey>;

/** The lender on the sheet's header. */
export interface SheetCompany {
  company_name: string;
  address?: string | null;
  licence_no?: string | null;
}

const rs = (rupees: number | null | undefined) =>
  rupees === null || rupees === undefined ? '—' : formatRupees(rupeesToPaise(rupees));

function differenceWords(t: T, difference: number | null): string {
  if (difference === null) return t('notClosed');
  if (difference === 0) return t('nilMatches');
  return t(difference < 0 ? 'shortage' : 'excess', { amount: rs(Math.abs(difference)) });
}

const th = 'border border-black px-2 py-1 text-left font-semibold';
const td = 'border border-black px-2 py-1 text-right whitespace-nowrap tabular-nums';

function DenominationTable({ drawer }: { drawer: CashDrawer }) {
  const t = useT(cashDrawerText);
  const opening = drawer.opening.denominations;
  const counted = drawer.counted?.denominations ?? null;
  return (
    <table className="w-full border-collapse text-[9.5pt]">
      <caption className="mb-1 text-left font-semibold">{t('sheetNotes')}</caption>
      <thead>
        <tr>
          <th className={th} scope="col">
            {t('denomination')}
          </th>
          <th className={`${th} text-right`} scope="col">
            {t('openingCount')}
          </th>
          <th className={`${th} text-right`} scope="col">
            {t('openingValue')}
          </th>
          <th className={`${th} text-right`} scope="col">
            {t('counted')}
          </th>
          <th className={`${th} text-right`} scope="col">
            {t('countedValue')}
          </th>
        </tr>
      </thead>
      <tbody>
        {DRAWER_NOTES.map((note) => {
          const key = String(note) as '500';
          return (
            <tr key={note}>
              <th className={th} scope="row">
                {`Rs. ${note}`}
              </th>
              <td className={td}>{opening[key]}</td>
              <td className={td}>{rs(note * opening[key])}</td>
              <td className={td}>{counted ? counted[key] : '—'}</td>
              <td className={td}>{counted ? rs(note * counted[key]) : '—'}</td>
            </tr>
          );
        })}
        <tr>
          <th className={th} scope="row">
            {t('coinsRow')}
          </th>
          <td className={td} />
          <td className={td}>{rs(opening.coins)}</td>
          <td className={td} />
          <td className={td}>{counted ? rs(counted.coins) : '—'}</td>
        </tr>
        <tr className="font-bold">
          <th className={th} scope="row">
            {t('total')}
          </th>
          <td className={td} />
          <td className={td}>{rs(drawer.opening.amount)}</td>
          <td className={td} />
          <td className={td}>{rs(drawer.counted?.amount)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function DrawerBlock({ drawer }: { drawer: CashDrawer }) {
  const t = useT(cashDrawerText);
  return (
    <section
      className="day-end-drawer mt-4 break-inside-avoid"
      aria-label={t('drawerOf', { name: drawer.user.username })}
    >
      <h2 className="border-b border-black pb-1 text-[11pt] font-bold">
        {t(drawer.status === 'open' ? 'cashierOpen' : 'cashierClosed', { name: drawer.user.username })}
      </h2>
      <div className="mt-2 space-y-3">
        <table className="w-full border-collapse text-[9.5pt]">
          <caption className="mb-1 text-left font-semibold">{t('cashByKind')}</caption>
          <thead>
            <tr>
              <th className={th} scope="col">
                {t('kind')}
              </th>
              <th className={`${th} text-right`} scope="col">
                {t('receipts')}
              </th>
              <th className={`${th} text-right`} scope="col">
                {t('payouts')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th className={th} scope="row">
                {t('openingFloat')}
              </th>
              <td className={td} data-testid="sheet-opening">
                {rs(drawer.opening.amount)}
              </td>
              <td className={td} />
            </tr>
            {drawer.added > 0 ? (
              <tr>
                <th className={th} scope="row">
                  {t('addedByAdmin')}
                </th>
                <td className={td} data-testid="sheet-added">
                  {rs(drawer.added)}
                </td>
                <td className={td} />
              </tr>
            ) : null}
            {drawer.by_kind.map((m) => (
              <tr key={m.kind}>
                <th className={th} scope="row">
                  {kindText(t, m.kind)} ({m.count})
                </th>
                <td className={td}>{rs(m.receipts)}</td>
                <td className={td}>{rs(m.payouts)}</td>
              </tr>
            ))}
            <tr className="font-bold">
              <th className={th} scope="row">
                {t('total')}
              </th>
              <td className={td} data-testid="sheet-receipts">
                {rs(drawer.receipts)}
              </td>
              <td className={td} data-testid="sheet-payouts">
                {rs(drawer.payouts)}
              </td>
            </tr>
          </tbody>
        </table>
        <DenominationTable drawer={drawer} />
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-[10pt]">
        <div>
          <dt className="font-semibold">{t('expected')}</dt>
          <dd data-testid="sheet-expected">{rs(drawer.expected)}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t('counted')}</dt>
          <dd data-testid="sheet-counted">{rs(drawer.counted?.amount)}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t('difference')}</dt>
          <dd data-testid="sheet-difference">{differenceWords(t, drawer.difference)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-[9pt]">
        {drawer.difference_voucher
          ? t('voucherSentence', { voucher: drawer.difference_voucher.voucher_number })
          : ''}
        {drawer.approved_by ? t('approvedBySentence', { name: drawer.approved_by.username }) : ''}
        {drawer.close_remarks ? t('remarksLine', { remarks: drawer.close_remarks }) : ''}
      </p>
    </section>
  );
}

/**
 * The day-end sheet, A4: the lender, the date, each drawer's opening, receipts and
 * payouts by kind, expected, the count by denomination and the difference, then the signatures. Black
 * on white on screen too, so what is seen is what prints.
 */
export function DayEndSheet({
  company,
  date,
  drawers,
  day,
}: {
  company: SheetCompany;
  date: string;
  drawers: CashDrawer[];
  /** The whole day (admin's sheet): totals and the cash outside any drawer. */
  day?: DayDetail;
}) {
  const t = useT(cashDrawerText);
  return (
    <article
      className="day-end-sheet mx-auto bg-white p-[12mm] text-[10pt] text-black shadow print:shadow-none"
      style={{ width: '210mm', minHeight: '297mm' }}
      data-testid="day-end-sheet"
    >
      <header className="border-b-2 border-black pb-2 text-center">
        <p className="text-[15pt] font-bold">{company.company_name}</p>
        {company.address ? <p>{company.address}</p> : null}
        {company.licence_no ? <p>{t('licenceNo', { licence: company.licence_no })}</p> : null}
        <p className="mt-2 text-[12pt] font-bold">{t('sheetTitle', { date: formatIndianDate(date) })}</p>
        {day ? <p>{t(day.day.status === 'closed' ? 'dayClosed' : 'dayOpen')}</p> : null}
      </header>
      {drawers.length === 0 ? <p className="mt-4">{t('noDrawerOnDay')}</p> : null}
      {drawers.map((d) => (
        <DrawerBlock key={d.id} drawer={d} />
      ))}
      {day ? (
        <section className="mt-4 break-inside-avoid" aria-label={t('dayTotals')}>
          <h2 className="border-b border-black pb-1 text-[11pt] font-bold">{t('dayTotals')}</h2>
          {/* The day's cash from the books, whether or not a drawer was opened. */}
          <dl className="mt-2 grid grid-cols-3 gap-2 font-bold">
            <div>
              <dt>{t('dayReceipts')}</dt>
              <dd data-testid="day-receipts">{rs(day.day_cash.receipts)}</dd>
            </div>
            <div>
              <dt>{t('dayPayouts')}</dt>
              <dd data-testid="day-payouts">{rs(day.day_cash.payouts)}</dd>
            </div>
            <div>
              <dt>{t('dayVouchers')}</dt>
              <dd>{day.day_cash.count}</dd>
            </div>
          </dl>
          <h3 className="mt-3 font-semibold">{t('inTheDrawers')}</h3>
          <dl className="mt-1 grid grid-cols-3 gap-2">
            {(
              [
                ['openingLabel', rs(day.totals.opening)],
                ...(day.totals.added > 0 ? ([['addedByAdmin', rs(day.totals.added)]] as const) : []),
                ['receipts', rs(day.totals.receipts)],
                ['payouts', rs(day.totals.payouts)],
                ['expected', rs(day.totals.expected)],
                ['counted', rs(day.totals.counted)],
                ['difference', differenceWords(t, day.totals.difference)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="font-semibold">{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2">
            {t('outsideDrawersSheet', {
              receipts: rs(day.outside_drawers.receipts),
              payouts: rs(day.outside_drawers.payouts),
              count: day.outside_drawers.count,
            })}
          </p>
        </section>
      ) : null}
      <footer className="mt-16 grid grid-cols-2 gap-16 break-inside-avoid">
        {(['cashierSignature', 'managerSignature'] as const).map((who) => (
          <div key={who} className="border-t border-black pt-1 text-center font-semibold">
            {t(who)}
          </div>
        ))}
      </footer>
    </article>
  );
}

import {
  businessToday,
  formatIndianDate,
  REGISTER_DEFAULT_PAGE_SIZE,
  registerRangeProblem,
} from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { downloadCsv } from '@/shared/api/download-csv';
import { RegisterFrame } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import { usePledgeBook } from '../api/get-pledge-book';
import { grams } from '../components/headings';
import { PledgeBookTable } from '../components/pledge-book-table';
import { RegisterPager } from '../components/register-pager';
import { useDateParams } from '../components/use-date-params';
import { registerBoth, registersText } from '../i18n';

/** The first of the month holding a YYYY-MM-DD date. */
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

export const rangeText = (t: Translate<keyof typeof registersText.en>, from: string, to: string) =>
  from === to
    ? formatIndianDate(from)
    : t('range', { from: formatIndianDate(from), to: formatIndianDate(to) });

/** Pledge Book (/registers/pledge-book): the Tamil Nadu register of pledges (Form E) for a range. */
export function PledgeBookPage() {
  const t = useT(registersText);
  const messageText = useMessageText();
  const dates = useDateParams(['from', 'to'] as const);
  const to = dates.values.to ?? businessToday();
  const from = dates.values.from ?? monthStart(to === '' ? businessToday() : to);
  const range = { from, to };
  const rangeKey = `${from}/${to}`;
  const [paging, setPaging] = useState({ rangeKey, page: 1 });
  // A page belongs to one range: new dates start from the first page.
  const page = paging.rangeKey === rangeKey ? paging.page : 1;
  const complete = range.from !== '' && range.to !== '';
  const rangeProblem = complete ? registerRangeProblem(range.from, range.to) : null;
  const problem = rangeProblem === null ? null : messageText(rangeProblem);
  const book = usePledgeBook(
    { from: range.from, to: range.to, page, pageSize: REGISTER_DEFAULT_PAGE_SIZE },
    complete && rangeProblem === null,
  );

  let body: React.ReactNode;
  if (!complete) body = <RegisterState kind="empty" message={t('chooseBothDates')} />;
  else if (problem) body = <RegisterState kind="empty" message={problem} />;
  else if (book.isPending) body = <RegisterState kind="loading" message={t('loadingPledgeBook')} />;
  else if (book.isError)
    body = (
      <RegisterState kind="error" message={messageText(errorMessage(book.error, t('pledgeBookFailed')))} />
    );
  else if (book.data.total === 0) body = <RegisterState kind="empty" message={t('noPledges')} />;
  else {
    const { book: b, total } = book.data;
    body = (
      <>
        <PledgeBookTable rows={b.rows} label={t('pledgeBook')} />
        <dl className="flex flex-wrap gap-x-8 gap-y-1 border-t border-slate-200 px-5 py-3 text-sm text-navy-700 dark:border-navy-600 dark:text-slate-100">
          <div>
            <dt className="inline font-semibold">{t('totalPledges')}</dt>
            <dd className="inline tabular-nums">{b.totals.pledges.toLocaleString('en-IN')}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{t('totalAmountLent')}</dt>
            <dd className="inline tabular-nums">{formatAmount(b.totals.amount_lent)}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{t('totalWeight')}</dt>
            <dd className="inline tabular-nums">
              {t('grams', { gross: grams(b.totals.gross_weight), net: grams(b.totals.net_weight) })}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">{t('totalValue')}</dt>
            <dd className="inline tabular-nums">{formatAmount(b.totals.value)}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">{t('totalPaid')}</dt>
            <dd className="inline tabular-nums">{formatAmount(b.totals.paid)}</dd>
          </div>
        </dl>
        <RegisterPager
          label={t('pledgeBook')}
          page={page}
          pageSize={REGISTER_DEFAULT_PAGE_SIZE}
          total={total}
          unit="pledges"
          isFetching={book.isFetching}
          onPage={(next) => setPaging({ rangeKey, page: next })}
        />
      </>
    );
  }

  return (
    <RegisterFrame
      title={registerBoth.en('pledgeBookTitle')}
      tamil={registerBoth.ta('pledgeBookTitle')}
      parameters={complete ? rangeText(t, range.from, range.to) : ''}
      printTo={`/registers/pledge-book/print?from=${range.from}&to=${range.to}`}
      canExport={book.isSuccess && !problem && complete}
      onDownload={() =>
        downloadCsv('/registers/pledge-book', range, `pledge-book-${range.from}-${range.to}.csv`)
      }
      controls={
        <>
          <DateField
            label={t('from')}
            value={range.from}
            onChange={(e) => dates.set('from', e.target.value)}
            className="w-44"
          />
          <DateField
            label={t('to')}
            value={range.to}
            error={problem ?? undefined}
            onChange={(e) => dates.set('to', e.target.value)}
            className="w-44"
          />
        </>
      }
    >
      {body}
    </RegisterFrame>
  );
}

export default PledgeBookPage;

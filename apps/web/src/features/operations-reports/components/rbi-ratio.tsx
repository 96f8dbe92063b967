import { formatIndianDate, type RatioReport } from '@pledge-desk/domain';
import { formatAmount } from '@/lib/format';
import { type Language, translator } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import type { CsvCell } from '@/shared/api/download-csv';
import { operationsReportsText } from '../i18n';
import { type Column, RegisterTable } from './register-view';

// The RBI ratio report: the open pledges whose outstanding with accrued interest
// passes the borrower's loan-to-value tier of the articles' value at the day's rate, largest excess
// first, for the manager to call the customer.

type RatioRow = RatioReport['rows'][number];

const money = (v: number) => formatAmount(v);
const grams = (v: number) => v.toFixed(3);
const percent = (v: number) => v.toFixed(2);
/** A tier is a whole percent as a rule (75); a fraction keeps its decimals. */
const tier = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

export const RATIO_NOT_RBI = operationsReportsText.en.notRbi;

/** The customer's number as a link that rings them. */
function CallLink({ row }: { row: RatioRow }) {
  const t = useT(operationsReportsText);
  return (
    <a
      href={`tel:+91${row.mobile_number}`}
      aria-label={t('callCustomer', { name: row.customer_name, mobile: row.mobile_number })}
      className="whitespace-nowrap text-brand-700 tabular-nums underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
    >
      {row.mobile_number}
    </a>
  );
}

export const ratioColumns: Column<RatioRow>[] = [
  {
    id: 'no',
    en: 'Pledge No.',
    ta: 'அடகு எண்',
    cell: (r) => <span className="font-mono">{r.pledge_no}</span>,
  },
  { id: 'customer', en: 'Customer', ta: 'வாடிக்கையாளர்', cell: (r) => r.customer_name },
  {
    id: 'mobile',
    en: 'Mobile',
    ta: 'கைபேசி',
    cell: (r) => <CallLink row={r} />,
  },
  { id: 'type', en: 'Jewel Type', ta: 'நகை வகை', cell: (r) => r.jewel_type ?? '—' },
  { id: 'net', en: 'Net Wt (g)', ta: 'நிகர எடை (கி)', numeric: true, cell: (r) => grams(r.net_weight) },
  { id: 'rate', en: 'Rate (₹/g)', ta: 'விலை (₹/கி)', numeric: true, cell: (r) => money(r.rate_per_gram) },
  { id: 'value', en: 'Value', ta: 'மதிப்பு', numeric: true, cell: (r) => money(r.value) },
  { id: 'tier', en: 'Tier %', ta: 'அடுக்கு %', numeric: true, cell: (r) => tier(r.tier_percent) },
  { id: 'limit', en: 'Limit', ta: 'வரம்பு', numeric: true, cell: (r) => money(r.limit) },
  { id: 'outstanding', en: 'Outstanding', ta: 'நிலுவை', numeric: true, cell: (r) => money(r.outstanding) },
  {
    id: 'excess',
    en: 'Excess',
    ta: 'மிகுதி',
    numeric: true,
    cell: (r) => <strong className="text-red-700 dark:text-red-300">{money(r.excess)}</strong>,
  },
  { id: 'ratio', en: 'Ratio %', ta: 'விகிதம் %', numeric: true, cell: (r) => percent(r.ratio_percent) },
];

export function RatioTable({ report }: { report: RatioReport }) {
  const t = useT(operationsReportsText);
  return (
    <RegisterTable
      label={t('pastTier')}
      columns={ratioColumns}
      rows={report.rows}
      rowKey={(r) => r.pledge_id}
      dense
    />
  );
}

/** The regime the figures are judged under, and how many open pledges were looked at. */
export function RatioPreface({ report }: { report: RatioReport }) {
  const t = useT(operationsReportsText);
  return (
    <div className="mx-4 mt-4 grid gap-1 rounded-xl bg-slate-50 px-4 py-3 text-sm text-navy-700 dark:bg-navy-900/60 dark:text-slate-100">
      <p>{report.regime === 'rbi' ? t('underRbi') : t('notRbi')}</p>
      <p className="text-slate-600 dark:text-slate-300">
        {t('lookedAt', { count: report.open_pledges, date: formatIndianDate(report.as_of) })}
        {report.without_rate > 0 ? t('withoutRate', { count: report.without_rate }) : t('allRated')}
      </p>
    </div>
  );
}

/** The CSV of the whole report: the screen's columns, amounts as plain decimals, headed in `language`. */
export function ratioCsv(report: RatioReport, language: Language = 'en'): CsvCell[][] {
  const t = translator(operationsReportsText, language);
  return [
    [
      t('csvPledgeNo'),
      t('csvCustomer'),
      t('csvMobile'),
      t('csvJewelType'),
      t('csvNetWeight'),
      t('csvRate'),
      t('csvValue'),
      t('csvBorrowerTotal'),
      t('csvTier'),
      t('csvLimit'),
      t('csvPrincipal'),
      t('csvInterest'),
      t('csvOutstanding'),
      t('csvExcess'),
      t('csvRatio'),
    ],
    ...report.rows.map((r) => [
      r.pledge_no,
      r.customer_name,
      r.mobile_number,
      r.jewel_type,
      grams(r.net_weight),
      r.rate_per_gram,
      r.value,
      r.borrower_total,
      r.tier_percent,
      r.limit,
      r.principal,
      r.interest,
      r.outstanding,
      r.excess,
      r.ratio_percent,
    ]),
  ];
}

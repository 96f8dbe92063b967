import { formatIndianDate, type RatioReport } from '@pledge-desk/domain';
import { formatAmount } from '../../../lib/format';
import type { CsvCell } from '../../../shared/api/download-csv';
import { type Column, RegisterTable } from './register-view';

// The RBI ratio report (issue 16 item 2): the open pledges whose outstanding with accrued interest
// passes the borrower's loan-to-value tier of the articles' value at the day's rate, largest excess
// first, for the manager to call the customer.

type RatioRow = RatioReport['rows'][number];

const money = (v: number) => formatAmount(v);
const grams = (v: number) => v.toFixed(3);
const percent = (v: number) => v.toFixed(2);
/** A tier is a whole percent as a rule (75); a fraction keeps its decimals. */
const tier = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

export const RATIO_NOT_RBI = 'This branch is not under the RBI regime: the figures use its RBI numbers.';

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
    cell: (r) => (
      <a
        href={`tel:+91${r.mobile_number}`}
        aria-label={`Call ${r.customer_name} on ${r.mobile_number}`}
        className="whitespace-nowrap text-brand-700 tabular-nums underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
      >
        {r.mobile_number}
      </a>
    ),
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
  return (
    <RegisterTable
      label="Pledges past their tier"
      columns={ratioColumns}
      rows={report.rows}
      rowKey={(r) => r.pledge_id}
      dense
    />
  );
}

/** The regime the figures are judged under, and how many open pledges were looked at. */
export function RatioPreface({ report }: { report: RatioReport }) {
  return (
    <div className="mx-4 mt-4 grid gap-1 rounded-xl bg-slate-50 px-4 py-3 text-sm text-navy-700 dark:bg-navy-900/60 dark:text-slate-100">
      <p>
        {report.regime === 'rbi'
          ? 'This branch is under the RBI regime: each pledge is judged by its borrower’s loan-to-value tier.'
          : RATIO_NOT_RBI}
      </p>
      <p className="text-slate-600 dark:text-slate-300">
        {count(report.open_pledges, 'open pledge', 'open pledges')} looked at as of{' '}
        {formatIndianDate(report.as_of)}
        {report.without_rate > 0
          ? `; ${count(report.without_rate, 'has', 'have')} no stored rate for its jewel type and ${
              report.without_rate === 1 ? 'is' : 'are'
            } not judged.`
          : '; every one has a stored rate.'}
      </p>
    </div>
  );
}

/** The CSV of the whole report: the screen's columns, amounts as plain decimals. */
export function ratioCsv(report: RatioReport): CsvCell[][] {
  return [
    [
      'Pledge No.',
      'Customer',
      'Mobile',
      'Jewel Type',
      'Net Wt (g)',
      'Rate (Rs/g)',
      'Value',
      'Borrower Total',
      'Tier %',
      'Limit',
      'Principal',
      'Interest',
      'Outstanding',
      'Excess',
      'Ratio %',
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

import {
  type CollectionReport,
  type CollectionSums,
  type DisbursementReport,
  type DisbursementSums,
  formatIndianDate,
  type OverdueList,
  operationsHeadings,
} from '@pledge-desk/domain';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { type OperationsReportsKey, operationsReportsText } from '../i18n';
import { type Column, num, RegisterTable, SummaryTable, td } from './register-view';

// What each register shows, once for the screen page and the print view.

type OverdueRow = OverdueList['rows'][number];
type CollectionRow = CollectionReport['rows'][number];
type DisbursementRow = DisbursementReport['rows'][number];

const money = (v: number) => formatAmount(v);
const date = (d: string) => <span className="tabular-nums whitespace-nowrap">{formatIndianDate(d)}</span>;

export const METHOD_LABELS: Record<string, OperationsReportsKey> = {
  cash: 'methodCash',
  bank: 'methodBank',
  online: 'methodOnline',
  cheque: 'methodCheque',
  bank_transfer: 'methodBankTransfer',
  renewal: 'methodRenewal',
};
export const TYPE_LABELS: Record<string, OperationsReportsKey> = {
  interest: 'typeInterest',
  partial_principal: 'typePartialPrincipal',
  full_payment: 'typeFullPayment',
};

/** A payment or payout method, or a payment type, in the interface language (an unknown one as sent). */
function Label({ labels, value }: { labels: Record<string, OperationsReportsKey>; value: string }) {
  const t = useT(operationsReportsText);
  const key = labels[value];
  return <>{key ? t(key) : value}</>;
}
const label = (labels: Record<string, OperationsReportsKey>, v: string) => (
  <Label labels={labels} value={v} />
);

function ReversedBadge() {
  const t = useT(operationsReportsText);
  return <span className="text-xs font-semibold text-red-700 dark:text-red-300">{t('reversed')}</span>;
}

export const overdueColumns: Column<OverdueRow>[] = [
  {
    id: 'no',
    ...operationsHeadings.pledgeNo,
    cell: (r) => <span className="font-mono">{r.pledge_no}</span>,
  },
  { id: 'date', ...operationsHeadings.date, cell: (r) => date(r.pledge_date) },
  { id: 'customer', ...operationsHeadings.pawner, cell: (r) => r.customer_name },
  {
    id: 'mobile',
    ...operationsHeadings.mobile,
    cell: (r) => <span className="tabular-nums">{r.mobile_number}</span>,
  },
  { id: 'due', ...operationsHeadings.dueDate, cell: (r) => date(r.due_date) },
  { id: 'days', ...operationsHeadings.daysOverdue, numeric: true, cell: (r) => r.days_overdue },
  { id: 'loan', ...operationsHeadings.amountLent, numeric: true, cell: (r) => money(r.loan_amount) },
  {
    id: 'principal',
    ...operationsHeadings.principalDue,
    numeric: true,
    cell: (r) => money(r.remaining_principal),
  },
  { id: 'interest', ...operationsHeadings.interest, numeric: true, cell: (r) => money(r.remaining_interest) },
  {
    id: 'outstanding',
    ...operationsHeadings.outstanding,
    numeric: true,
    cell: (r) => <strong>{money(r.outstanding)}</strong>,
  },
];

export function OverdueTable({ list }: { list: OverdueList }) {
  const tr = useT(operationsReportsText);
  return (
    <RegisterTable
      label={tr('overduePledges')}
      columns={overdueColumns}
      rows={list.rows}
      rowKey={(r) => r.pledge_id}
      footer={
        <tr className="border-t-2 border-slate-300 font-bold dark:border-navy-500">
          <th scope="row" colSpan={7} className={`${td} text-left`}>
            {tr('totalPledges', { count: list.totals.count })}
          </th>
          <td className={`${td} ${num}`}>{money(list.totals.principal_outstanding)}</td>
          <td className={td} colSpan={2} />
        </tr>
      }
    />
  );
}

export const collectionColumns: Column<CollectionRow>[] = [
  { id: 'date', ...operationsHeadings.date, cell: (r) => date(r.payment_date) },
  {
    id: 'receipt',
    ...operationsHeadings.receiptNo,
    cell: (r) => <span className="font-mono">{r.receipt_no}</span>,
  },
  { id: 'customer', ...operationsHeadings.pawner, cell: (r) => r.customer_name },
  {
    id: 'pledges',
    ...operationsHeadings.pledgeNo,
    cell: (r) => <span className="font-mono">{r.pledge_nos.join(', ')}</span>,
  },
  { id: 'method', ...operationsHeadings.method, cell: (r) => label(METHOD_LABELS, r.payment_method) },
  { id: 'user', ...operationsHeadings.user, cell: (r) => r.username ?? '—' },
  { id: 'interest', ...operationsHeadings.interest, numeric: true, cell: (r) => money(r.interest) },
  { id: 'principal', ...operationsHeadings.principal, numeric: true, cell: (r) => money(r.principal) },
  { id: 'penalty', ...operationsHeadings.penalty, numeric: true, cell: (r) => money(r.penalty) },
  { id: 'discount', ...operationsHeadings.discount, numeric: true, cell: (r) => money(r.discount) },
  {
    id: 'net',
    ...operationsHeadings.net,
    numeric: true,
    cell: (r) =>
      r.reversed ? (
        <span>
          <s>{money(r.net)}</s> <ReversedBadge />
        </span>
      ) : (
        <strong>{money(r.net)}</strong>
      ),
  },
];

const sumColumns = <T extends CollectionSums>(): Column<T>[] => [
  { id: 'receipts', ...operationsHeadings.receipts, numeric: true, cell: (r) => r.receipts },
  { id: 'interest', ...operationsHeadings.interest, numeric: true, cell: (r) => money(r.interest) },
  { id: 'principal', ...operationsHeadings.principal, numeric: true, cell: (r) => money(r.principal) },
  { id: 'penalty', ...operationsHeadings.penalty, numeric: true, cell: (r) => money(r.penalty) },
  { id: 'discount', ...operationsHeadings.discount, numeric: true, cell: (r) => money(r.discount) },
  { id: 'net', ...operationsHeadings.net, numeric: true, cell: (r) => <strong>{money(r.net)}</strong> },
];

export function CollectionTable({ report }: { report: CollectionReport }) {
  const tr = useT(operationsReportsText);
  const t = report.totals;
  return (
    <RegisterTable
      label={tr('receipts')}
      columns={collectionColumns}
      rows={report.rows}
      rowKey={(r) => r.receipt_id}
      rowClassName={(r) => (r.reversed ? 'text-slate-600' : '')}
      footer={
        <tr className="border-t-2 border-slate-300 font-bold dark:border-navy-500">
          <th scope="row" colSpan={6} className={`${td} text-left`}>
            {tr('totalReceipts', { count: t.receipts })}
            {report.reversed.receipts > 0
              ? tr('reversedNotCounted', {
                  count: String(report.reversed.receipts),
                  amount: money(report.reversed.net),
                })
              : ''}
          </th>
          <td className={`${td} ${num}`}>{money(t.interest)}</td>
          <td className={`${td} ${num}`}>{money(t.principal)}</td>
          <td className={`${td} ${num}`}>{money(t.penalty)}</td>
          <td className={`${td} ${num}`}>{money(t.discount)}</td>
          <td className={`${td} ${num}`}>{money(t.net)}</td>
        </tr>
      }
    />
  );
}

type ShortfallCollectionRow = CollectionReport['shortfalls_collected']['rows'][number];

const shortfallColumns: Column<ShortfallCollectionRow>[] = [
  { id: 'date', ...operationsHeadings.date, cell: (r) => date(r.collected_on) },
  {
    id: 'receipt',
    ...operationsHeadings.receiptNo,
    cell: (r) => <span className="font-mono">{r.receipt_no ?? '—'}</span>,
  },
  { id: 'customer', ...operationsHeadings.pawner, cell: (r) => r.customer_name },
  {
    id: 'pledge',
    ...operationsHeadings.pledgeNo,
    cell: (r) => <span className="font-mono">{r.pledge_no}</span>,
  },
  { id: 'method', ...operationsHeadings.method, cell: (r) => label(METHOD_LABELS, r.payment_method) },
  { id: 'user', ...operationsHeadings.user, cell: (r) => r.username ?? '—' },
  { id: 'net', ...operationsHeadings.net, numeric: true, cell: (r) => <strong>{money(r.amount)}</strong> },
];

/**
 * The auction shortfalls collected in the range, cash taken in with receipts of
 * their own, and everything the range brought in.
 */
function ShortfallsCollected({ report }: { report: CollectionReport }) {
  const tr = useT(operationsReportsText);
  const sf = report.shortfalls_collected;
  return (
    <>
      <SummaryTable
        caption={tr('shortfallsCollected')}
        columns={shortfallColumns}
        rows={sf.rows}
        rowKey={(r) => r.settlement_id}
      />
      <p className="text-sm font-bold text-navy-700 dark:text-white">
        {tr('totalCollected', {
          amount: money(report.total_collected),
          receipts: money(report.totals.net),
          shortfalls: money(sf.net),
        })}
      </p>
    </>
  );
}

export function CollectionSummaries({ report }: { report: CollectionReport }) {
  const tr = useT(operationsReportsText);
  return (
    <div className="grid gap-6 px-4 pb-4">
      {report.shortfalls_collected.receipts > 0 ? <ShortfallsCollected report={report} /> : null}
      <SummaryTable
        caption={tr('byPaymentType')}
        columns={[
          { id: 'type', ...operationsHeadings.type, cell: (r) => label(TYPE_LABELS, r.payment_type) },
          ...sumColumns<CollectionReport['by_type'][number]>(),
        ]}
        rows={report.by_type}
        rowKey={(r) => r.payment_type}
      />
      <SummaryTable
        caption={tr('byMethod')}
        columns={[
          { id: 'method', ...operationsHeadings.method, cell: (r) => label(METHOD_LABELS, r.payment_method) },
          ...sumColumns<CollectionReport['by_method'][number]>(),
        ]}
        rows={report.by_method}
        rowKey={(r) => r.payment_method}
      />
      <SummaryTable
        caption={tr('byUser')}
        columns={[
          { id: 'user', ...operationsHeadings.user, cell: (r) => r.username ?? '—' },
          ...sumColumns<CollectionReport['by_user'][number]>(),
        ]}
        rows={report.by_user}
        rowKey={(r) => r.user_id ?? 'none'}
      />
      <SummaryTable
        caption={tr('byDay')}
        columns={[
          { id: 'day', ...operationsHeadings.date, cell: (r) => date(r.date) },
          ...sumColumns<CollectionReport['by_day'][number]>(),
        ]}
        rows={report.by_day}
        rowKey={(r) => r.date}
      />
    </div>
  );
}

export const disbursementColumns: Column<DisbursementRow>[] = [
  { id: 'date', ...operationsHeadings.date, cell: (r) => date(r.pledge_date) },
  {
    id: 'no',
    ...operationsHeadings.pledgeNo,
    cell: (r) => <span className="font-mono">{r.pledge_no}</span>,
  },
  { id: 'customer', ...operationsHeadings.pawner, cell: (r) => r.customer_name },
  { id: 'scheme', ...operationsHeadings.scheme, cell: (r) => r.scheme_name },
  { id: 'user', ...operationsHeadings.user, cell: (r) => r.username ?? '—' },
  { id: 'loan', ...operationsHeadings.amountLent, numeric: true, cell: (r) => money(r.loan) },
  {
    id: 'fmi',
    ...operationsHeadings.firstMonthInterest,
    numeric: true,
    cell: (r) => money(r.first_month_interest),
  },
  {
    id: 'charges',
    ...operationsHeadings.documentCharges,
    numeric: true,
    cell: (r) => money(r.document_charges),
  },
  {
    id: 'paid',
    ...operationsHeadings.amountPaid,
    numeric: true,
    cell: (r) => <strong>{money(r.final_amount)}</strong>,
  },
  {
    id: 'method',
    ...operationsHeadings.payout,
    cell: (r) => (
      <>
        {label(METHOD_LABELS, r.payout_method)}
        {r.payout_reference ? (
          <span className="block text-xs text-slate-600 dark:text-slate-300">{r.payout_reference}</span>
        ) : null}
      </>
    ),
  },
];

const disbursementSumColumns = <T extends DisbursementSums>(): Column<T>[] => [
  { id: 'count', ...operationsHeadings.pledgeCount, numeric: true, cell: (r) => r.count },
  { id: 'loan', ...operationsHeadings.amountLent, numeric: true, cell: (r) => money(r.loan) },
  {
    id: 'fmi',
    ...operationsHeadings.firstMonthInterest,
    numeric: true,
    cell: (r) => money(r.first_month_interest),
  },
  {
    id: 'charges',
    ...operationsHeadings.documentCharges,
    numeric: true,
    cell: (r) => money(r.document_charges),
  },
  {
    id: 'paid',
    ...operationsHeadings.amountPaid,
    numeric: true,
    cell: (r) => <strong>{money(r.final_amount)}</strong>,
  },
];

export function DisbursementTable({ report }: { report: DisbursementReport }) {
  const tr = useT(operationsReportsText);
  const t = report.totals;
  return (
    <RegisterTable
      label={tr('loansPaidOut')}
      columns={disbursementColumns}
      rows={report.rows}
      rowKey={(r) => r.pledge_id}
      footer={
        <tr className="border-t-2 border-slate-300 font-bold dark:border-navy-500">
          <th scope="row" colSpan={5} className={`${td} text-left`}>
            {tr('totalPledges', { count: t.count })}
          </th>
          <td className={`${td} ${num}`}>{money(t.loan)}</td>
          <td className={`${td} ${num}`}>{money(t.first_month_interest)}</td>
          <td className={`${td} ${num}`}>{money(t.document_charges)}</td>
          <td className={`${td} ${num}`}>{money(t.final_amount)}</td>
          <td className={td} />
        </tr>
      }
    />
  );
}

export function DisbursementSummaries({ report }: { report: DisbursementReport }) {
  const tr = useT(operationsReportsText);
  return (
    <div className="grid gap-6 px-4 pb-4">
      <SummaryTable
        caption={tr('byDay')}
        columns={[
          { id: 'day', ...operationsHeadings.date, cell: (r) => date(r.date) },
          ...disbursementSumColumns<DisbursementReport['by_day'][number]>(),
        ]}
        rows={report.by_day}
        rowKey={(r) => r.date}
      />
      <SummaryTable
        caption={tr('byScheme')}
        columns={[
          { id: 'scheme', ...operationsHeadings.scheme, cell: (r) => r.scheme_name },
          ...disbursementSumColumns<DisbursementReport['by_scheme'][number]>(),
        ]}
        rows={report.by_scheme}
        rowKey={(r) => r.scheme_id}
      />
      <SummaryTable
        caption={tr('byUser')}
        columns={[
          { id: 'user', ...operationsHeadings.user, cell: (r) => r.username ?? '—' },
          ...disbursementSumColumns<DisbursementReport['by_user'][number]>(),
        ]}
        rows={report.by_user}
        rowKey={(r) => r.user_id ?? 'none'}
      />
      <SummaryTable
        caption={tr('byPayoutMethod')}
        columns={[
          {
            id: 'method',
            ...operationsHeadings.payout,
            cell: (r) => label(METHOD_LABELS, r.payout_method),
          },
          ...disbursementSumColumns<DisbursementReport['by_method'][number]>(),
        ]}
        rows={report.by_method}
        rowKey={(r) => r.payout_method}
      />
    </div>
  );
}

import { RatioPreface, RatioTable, ratioCsv } from './rbi-ratio';
import type { RegisterConfig } from './register-page';
import {
  CollectionSummaries,
  CollectionTable,
  DisbursementSummaries,
  DisbursementTable,
  OverdueTable,
} from './registers';

export const overdueConfig: RegisterConfig<'overdue'> = {
  kind: 'overdue',
  title: 'Overdue List',
  tamil: 'கெடு கடந்த அடகுகள்',
  path: '/registers/overdue',
  dates: 'as_of',
  filename: (p) => `overdue-${p.as_of}.csv`,
  render: (list) => <OverdueTable list={list} />,
};

export const collectionsConfig: RegisterConfig<'collections'> = {
  kind: 'collections',
  title: 'Daily Collection',
  tamil: 'தினசரி வசூல்',
  path: '/registers/collections',
  dates: 'range',
  filename: (p) => `collections-${p.from}-${p.to}.csv`,
  render: (report) => <CollectionTable report={report} />,
  summaries: (report) => <CollectionSummaries report={report} />,
  isEmpty: (report) => report.total_count === 0 && report.shortfalls_collected.receipts === 0,
};

export const disbursementsConfig: RegisterConfig<'disbursements'> = {
  kind: 'disbursements',
  title: 'Loans Paid Out',
  tamil: 'வழங்கிய கடன்கள்',
  path: '/registers/disbursements',
  dates: 'range',
  filename: (p) => `disbursements-${p.from}-${p.to}.csv`,
  render: (report) => <DisbursementTable report={report} />,
  summaries: (report) => <DisbursementSummaries report={report} />,
};

export const rbiRatioConfig: RegisterConfig<'rbiRatio'> = {
  kind: 'rbiRatio',
  title: 'RBI Ratio Report',
  tamil: 'கடன்-மதிப்பு விகித அறிக்கை',
  path: '/registers/rbi-ratio',
  dates: 'as_of',
  filename: (p) => `rbi-ratio-${p.as_of}.csv`,
  render: (report) => <RatioTable report={report} />,
  preface: (report) => <RatioPreface report={report} />,
  csv: ratioCsv,
};

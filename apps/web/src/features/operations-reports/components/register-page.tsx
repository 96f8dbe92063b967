import {
  businessToday,
  formatIndianDate,
  isPlainDate,
  OPS_REPORT_DEFAULT_PAGE_SIZE,
  opsReportRangeProblem,
} from '@pledge-desk/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import type { Language, Translate } from '@/lib/i18n/catalogue';
import { useLanguage, useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSearchParamSetter } from '@/lib/use-search-param-setter';
import { buildCsv, type CsvCell, saveCsv } from '@/shared/api/download-csv';
import { RegisterFrame, RegisterHeading } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import {
  downloadRegisterCsv,
  getWholeRegister,
  type RegisterAnswer,
  type RegisterKind,
  type RegisterParams,
  useRegisterPage,
} from '../api/get-operations-reports';
import { KIND_TEXT, type OperationsReportsKey, operationsReportsText } from '../i18n';
import { Pager } from './register-view';

type T = Translate<OperationsReportsKey>;

/** What differs between the three registers. */
export interface RegisterConfig<K extends RegisterKind> {
  kind: K;
  title: string;
  tamil: string;
  /** The screen's path; the print view is `${path}/print`. */
  path: string;
  /** 'as_of' for the overdue list, 'range' for the others. */
  dates: 'as_of' | 'range';
  filename: (params: RegisterParams) => string;
  render: (answer: RegisterAnswer<K>) => ReactNode;
  summaries?: (answer: RegisterAnswer<K>) => ReactNode;
  /** Whether the answer has nothing to show (default: no rows); the Daily Collection also has shortfalls collected. */
  isEmpty?: (answer: RegisterAnswer<K>) => boolean;
  /** A line above the table (and above the empty message): what the figures rest on. */
  preface?: (answer: RegisterAnswer<K>) => ReactNode;
  /**
   * The CSV's rows (heading first, in the interface language) from the whole register, for a report
   * the server sends as JSON only; without it the server writes the CSV (`format=csv`).
   */
  csv?: (answer: RegisterAnswer<K>, language: Language) => CsvCell[][];
}

/** Download CSV: the server's, or the config's rows of the whole register written here. */
async function downloadRegister<K extends RegisterKind>(
  config: RegisterConfig<K>,
  params: RegisterParams,
  language: Language,
) {
  if (!config.csv) return downloadRegisterCsv(config.kind, params, config.filename(params));
  const answer = await getWholeRegister(config.kind, params, () => {});
  saveCsv(buildCsv(config.csv(answer, language)), config.filename(params));
}

/** The register's dates from the address (`?as_of=` or `?from=&to=`), today when absent or not a date. */
function useRegisterParams(dates: 'as_of' | 'range') {
  const t = useT(operationsReportsText);
  const messageText = useMessageText();
  const [search, setParam] = useSearchParamSetter();
  const today = businessToday();
  const read = (name: string, fallback: string) => {
    const v = search.get(name);
    return v !== null && (v === '' || isPlainDate(v)) ? v : fallback;
  };
  const params: RegisterParams =
    dates === 'as_of'
      ? { as_of: read('as_of', today) }
      : (() => {
          const to = read('to', today);
          return { from: read('from', to), to };
        })();
  const rangeProblem =
    dates === 'as_of'
      ? params.as_of
        ? null
        : t('chooseDate')
      : params.from && params.to
        ? opsReportRangeProblem(params.from, params.to)
        : t('chooseBothDates');
  const problem = rangeProblem === null ? null : messageText(rangeProblem);
  const set = (name: string, value: string) => setParam(name, value);
  return { params, problem, set };
}

function describe(t: T, params: RegisterParams): string {
  if (params.as_of) return t('asOfDate', { date: formatIndianDate(params.as_of) });
  if (params.from && params.to) {
    return params.from === params.to
      ? formatIndianDate(params.from)
      : t('range', { from: formatIndianDate(params.from), to: formatIndianDate(params.to) });
  }
  return '';
}

function DateControls({
  dates,
  params,
  problem,
  set,
}: {
  dates: 'as_of' | 'range';
  params: RegisterParams;
  problem: string | null;
  set: (name: string, value: string) => void;
}) {
  const t = useT(operationsReportsText);
  if (dates === 'as_of') {
    return (
      <DateField
        label={t('asOf')}
        value={params.as_of ?? ''}
        error={problem ?? undefined}
        onChange={(e) => set('as_of', e.target.value)}
        className="w-44"
      />
    );
  }
  return (
    <>
      <DateField
        label={t('from')}
        value={params.from ?? ''}
        onChange={(e) => set('from', e.target.value)}
        className="w-44"
      />
      <DateField
        label={t('to')}
        value={params.to ?? ''}
        error={problem ?? undefined}
        onChange={(e) => set('to', e.target.value)}
        className="w-44"
      />
    </>
  );
}

/** The screen of a register: dates, one server page at a time, Print and Download CSV. */
export function RegisterPage<K extends RegisterKind>({ config }: { config: RegisterConfig<K> }) {
  const t = useT(operationsReportsText);
  const language = useLanguage();
  const messageText = useMessageText();
  const words = KIND_TEXT[config.kind];
  const { params, problem, set } = useRegisterParams(config.dates);
  const [page, setPage] = useState(1);
  const key = JSON.stringify(params);
  // A new range starts at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the params.
  useEffect(() => setPage(1), [key]);
  const query = useRegisterPage(config.kind, params, page, OPS_REPORT_DEFAULT_PAGE_SIZE, problem === null);
  const data = query.data;

  let body: ReactNode;
  if (problem) body = <RegisterState kind="empty" message={problem} />;
  else if (query.isPending) body = <RegisterState kind="loading" message={t(words.loading)} />;
  else if (query.isError)
    body = <RegisterState kind="error" message={messageText(errorMessage(query.error, t(words.failed)))} />;
  else if (!data || (config.isEmpty ? config.isEmpty(data) : data.total_count === 0))
    body = (
      <>
        {data ? config.preface?.(data) : null}
        <RegisterState kind="empty" message={t(words.empty)} />
      </>
    );
  else
    body = (
      <div className="grid gap-4 pb-4">
        {config.preface?.(data)}
        <Pager
          page={page}
          pageSize={OPS_REPORT_DEFAULT_PAGE_SIZE}
          total={data.total_count}
          onPage={setPage}
          kind={config.kind}
        />
        {config.render(data)}
        <Pager
          page={page}
          pageSize={OPS_REPORT_DEFAULT_PAGE_SIZE}
          total={data.total_count}
          onPage={setPage}
          kind={config.kind}
        />
        {config.summaries?.(data)}
      </div>
    );

  return (
    <RegisterFrame
      title={config.title}
      tamil={config.tamil}
      parameters={describe(t, params)}
      controls={<DateControls dates={config.dates} params={params} problem={problem} set={set} />}
      printTo={`${config.path}/print?${new URLSearchParams(params).toString()}`}
      canExport={problem === null && query.isSuccess}
      onDownload={() => downloadRegister(config, params, language)}
    >
      {body}
    </RegisterFrame>
  );
}

/**
 * The print view of a register: the whole range, loaded page by page with a progress bar, on A4
 * landscape with the company heading; Print opens the browser's print dialog.
 */
export function RegisterPrintPage<K extends RegisterKind>({ config }: { config: RegisterConfig<K> }) {
  const t = useT(operationsReportsText);
  const language = useLanguage();
  const messageText = useMessageText();
  const words = KIND_TEXT[config.kind];
  const { params, problem } = useRegisterParams(config.dates);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'error'; error: unknown } | { kind: 'done'; answer: RegisterAnswer<K> }
  >({ kind: 'loading' });
  const key = JSON.stringify(params);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the params.
  useEffect(() => {
    if (problem) return;
    const abort = new AbortController();
    setState({ kind: 'loading' });
    getWholeRegister(config.kind, params, (loaded, total) => setProgress({ loaded, total }), abort.signal)
      .then((answer) => {
        if (!abort.signal.aborted) setState({ kind: 'done', answer });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'error', error });
      });
    return () => abort.abort();
  }, [key, problem, config.kind]);

  const back = `${config.path}?${new URLSearchParams(params).toString()}`;
  let body: ReactNode;
  if (problem) body = <RegisterState kind="empty" message={problem} />;
  else if (state.kind === 'error')
    body = <RegisterState kind="error" message={messageText(errorMessage(state.error, t(words.failed)))} />;
  else if (state.kind === 'loading') {
    const pct = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
    body = (
      <div className="grid gap-2 px-5 py-8">
        <RegisterState
          kind="loading"
          message={
            progress
              ? t('loadingRows', {
                  loaded: progress.loaded.toLocaleString('en-IN'),
                  total: progress.total.toLocaleString('en-IN'),
                })
              : t(words.loading)
          }
        />
        <div
          role="progressbar"
          aria-label={t('loadingRegister')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          className="mx-auto h-2 w-64 overflow-hidden rounded-full bg-slate-200 dark:bg-navy-700"
        >
          <div className="h-full bg-brand-500" style={{ width: `${pct}%` }} />
        </div>
      </div>
    );
  } else if (config.isEmpty ? config.isEmpty(state.answer) : state.answer.total_count === 0)
    body = (
      <>
        {config.preface?.(state.answer)}
        <RegisterState kind="empty" message={t(words.empty)} />
      </>
    );
  else
    body = (
      <div className="grid gap-4 pb-4">
        {config.preface?.(state.answer)}
        {config.render(state.answer)}
        {config.summaries?.(state.answer)}
      </div>
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-print-register>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 shadow-sm print:hidden dark:bg-navy-800">
        <Link
          to={back}
          className="rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:bg-navy-700"
        >
          {t('backTo', { title: language === 'ta' ? config.tamil : config.title })}
        </Link>
        <span className="text-sm text-slate-600 dark:text-slate-300">{t('paper')}</span>
        <Button onClick={() => window.print()} disabled={state.kind !== 'done'}>
          {t('print')}
        </Button>
      </div>
      <section aria-labelledby="register-title" className="rounded-2xl bg-white shadow-sm dark:bg-navy-800">
        <RegisterHeading title={config.title} tamil={config.tamil} parameters={describe(t, params)} />
        {body}
      </section>
    </div>
  );
}

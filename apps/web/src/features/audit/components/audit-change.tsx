import type { AuditEventView } from '@pledge-desk/domain';
import { useId, useState } from 'react';
import { useT } from '@/lib/i18n/language';
import { auditText } from '../i18n';
import { compareSnapshots, formatValue, isChildRows, isSnapshot, type Snapshot } from './audit-format';

type UserNames = Readonly<Record<string, string>>;

/** `formatValue` with Yes and No in the current language and users by name. */
function useShowValue(userNames: UserNames) {
  const t = useT(auditText);
  return (field: string, value: unknown) =>
    typeof value === 'boolean' ? (value ? t('yes') : t('no')) : formatValue(field, value, userNames);
}

/**
 * A field's value: a record's child rows (a receipt's payments, a voucher's lines) as a small table of
 * their own, each cell shown as the fields above are (money, names, Yes/No), never as raw JSON.
 */
function ShownValue({ field, value, userNames }: { field: string; value: unknown; userNames: UserNames }) {
  const showValue = useShowValue(userNames);
  if (!isChildRows(value)) return <>{showValue(field, value)}</>;
  const columns = [...new Set(value.flatMap((row) => Object.keys(row)))];
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-xs" data-testid={`child-rows-${field}`}>
        <thead>
          <tr className="text-left text-slate-600 dark:text-slate-300">
            {columns.map((c) => (
              <th key={c} scope="col" className="px-1.5 py-1 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {value.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: child rows of a snapshot never reorder.
            <tr key={i} className="border-t border-slate-100 dark:border-navy-700">
              {columns.map((c) => (
                <td key={c} className="px-1.5 py-1 whitespace-nowrap">
                  {showValue(c, row[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const cell = 'px-3 py-1.5 align-top break-words';
const headCell = 'px-3 py-1.5 text-left text-xs font-semibold tracking-wide uppercase';
const tableBox =
  'overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-navy-600 dark:bg-navy-900';

/** A whole record, field by field: what a create made, or what a delete took away. */
function WholeRecord({
  title,
  snapshot,
  userNames,
}: {
  title: string;
  snapshot: Snapshot;
  userNames: UserNames;
}) {
  const t = useT(auditText);
  const fields = Object.keys(snapshot);
  return (
    <div>
      <h4 className="mb-1.5 text-sm font-semibold text-navy-700 dark:text-white">{title}</h4>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('noFields')}</p>
      ) : (
        <div className={tableBox}>
          <table className="w-full min-w-[24rem] table-fixed text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600 dark:border-navy-600 dark:text-slate-300">
                <th scope="col" className={`${headCell} w-1/3`}>
                  {t('field')}
                </th>
                <th scope="col" className={headCell}>
                  {t('value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr
                  key={field}
                  className="border-b border-slate-100 text-navy-700 last:border-0 dark:border-navy-700 dark:text-slate-100"
                >
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {field}
                  </th>
                  <td className={`${cell} tabular-nums`}>
                    <ShownValue field={field} value={snapshot[field]} userNames={userNames} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** An update: every field before and after, the changed ones marked, the others behind a toggle. */
function Comparison({
  before,
  after,
  userNames,
}: {
  before: Snapshot;
  after: Snapshot;
  userNames: UserNames;
}) {
  const t = useT(auditText);
  const rows = compareSnapshots(before, after);
  const changed = rows.filter((r) => r.isChanged);
  const unchanged = rows.filter((r) => !r.isChanged);
  const [showUnchanged, setShowUnchanged] = useState(false);
  const unchangedId = useId();
  const shown = showUnchanged ? rows : changed;
  return (
    <div>
      <h4 className="mb-1.5 text-sm font-semibold text-navy-700 dark:text-white">
        {t('fieldsChanged', { count: changed.length })}
      </h4>
      {shown.length > 0 ? (
        <div className={tableBox}>
          <table className="w-full min-w-[32rem] table-fixed text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600 dark:border-navy-600 dark:text-slate-300">
                <th scope="col" className={`${headCell} w-1/4`}>
                  {t('field')}
                </th>
                <th scope="col" className={headCell}>
                  {t('before')}
                </th>
                <th scope="col" className={headCell}>
                  {t('after')}
                </th>
              </tr>
            </thead>
            <tbody id={unchangedId}>
              {shown.map((row) => (
                <tr
                  key={row.field}
                  data-changed={row.isChanged ? 'true' : undefined}
                  className={`border-b border-slate-100 last:border-0 dark:border-navy-700 ${
                    row.isChanged
                      ? 'bg-amber-50 font-semibold text-navy-700 dark:bg-amber-500/10 dark:text-white'
                      : 'text-slate-700 dark:text-slate-300'
                  }`}
                >
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {row.field}
                    {row.isChanged ? <span className="sr-only">{t('changedMark')}</span> : null}
                  </th>
                  <td
                    className={`${cell} tabular-nums ${row.isChanged ? 'text-red-700 dark:text-red-300' : ''}`}
                  >
                    <ShownValue field={row.field} value={row.before} userNames={userNames} />
                  </td>
                  <td
                    className={`${cell} tabular-nums ${row.isChanged ? 'text-emerald-800 dark:text-emerald-300' : ''}`}
                  >
                    <ShownValue field={row.field} value={row.after} userNames={userNames} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {unchanged.length > 0 ? (
        <button
          type="button"
          aria-expanded={showUnchanged}
          aria-controls={unchangedId}
          onClick={() => setShowUnchanged((v) => !v)}
          className="mt-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 print:hidden dark:text-brand-200 dark:hover:bg-navy-700"
        >
          {showUnchanged ? t('hideUnchanged') : t('showUnchanged', { count: unchanged.length })}
        </button>
      ) : null}
    </div>
  );
}

function RawValue({ title, value }: { title: string; value: unknown }) {
  return (
    <div>
      <h4 className="mb-1.5 text-sm font-semibold text-navy-700 dark:text-white">{title}</h4>
      <pre className="overflow-x-auto rounded-xl bg-slate-100 p-3 text-xs text-navy-700 dark:bg-navy-900 dark:text-slate-100">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/**
 * What one event changed: for an update, the fields before and after; for a create
 * only the record made; for a delete the record as it was, whole. The request id and route under it.
 */
export function AuditChange({ event }: { event: AuditEventView }) {
  const t = useT(auditText);
  const { before, after } = event;
  const userNames = event.user_names;
  let body: React.ReactNode;
  if (isSnapshot(before) && isSnapshot(after))
    body = <Comparison before={before} after={after} userNames={userNames} />;
  else if (isSnapshot(after) && before === null)
    body = <WholeRecord title={t('createdWith')} snapshot={after} userNames={userNames} />;
  else if (isSnapshot(before) && after === null)
    body = <WholeRecord title={t('deletedRecord')} snapshot={before} userNames={userNames} />;
  else if (before === null && after === null)
    body = <p className="text-sm text-slate-600 dark:text-slate-300">{t('noData')}</p>;
  else
    body = (
      <div className="grid gap-3 md:grid-cols-2">
        <RawValue title={t('before')} value={before} />
        <RawValue title={t('after')} value={after} />
      </div>
    );
  return (
    <div className="space-y-2" data-testid="audit-change">
      {event.reason ? (
        <p className="text-sm text-navy-700 dark:text-slate-100">
          <span className="font-semibold">{t('reasonLabel')}</span>
          {event.reason}
        </p>
      ) : null}
      {body}
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {t('request', { id: event.request_id ?? '—', route: event.route ?? '—' })}
      </p>
    </div>
  );
}

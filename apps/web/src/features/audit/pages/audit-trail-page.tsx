import { formatIndianDate, isPlainDate } from '@pledge-desk/domain';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField, DateField, SelectField } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { useSession } from '../../../lib/session';
import { useDebounced } from '../../../lib/use-debounced';
import { type AuditQuery, useAuditEvents } from '../api/get-audit-events';
import { useAuditUsers } from '../api/get-audit-users';
import { AUDIT_ENTITIES, words } from '../components/audit-format';
import { AuditTable } from '../components/audit-table';

export const AUDIT_PAGE_SIZE = 50;

const card = 'rounded-2xl bg-white shadow-sm dark:bg-navy-800';

/** The filters as the address holds them (`?from=&to=&user=&entity=&record=&unknown=1&page=`). */
function useAuditFilters() {
  const [search, setSearch] = useSearchParams();
  const date = (name: string) => {
    const v = search.get(name) ?? '';
    return isPlainDate(v) ? v : '';
  };
  const page = Number(search.get('page'));
  const filters = {
    from: date('from'),
    to: date('to'),
    user: /^\d+$/.test(search.get('user') ?? '') ? (search.get('user') as string) : '',
    entity: search.get('entity') ?? '',
    record: search.get('record') ?? '',
    unknownNames: search.get('unknown') === '1',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
  /** Sets one filter (an empty one leaves the address); any filter but the page starts from page 1. */
  const set = (name: 'from' | 'to' | 'user' | 'entity' | 'record' | 'unknown' | 'page', value: string) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (value === '') next.delete(name);
        else next.set(name, value);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

/** Audit Trail (/audit, admins): every change of the branch, who made it and what it changed (issue 16). */
export function AuditTrailPage() {
  const { filters, set } = useAuditFilters();
  const users = useAuditUsers();
  const { company } = useSession();
  const record = useDebounced(filters.record.trim(), 300);
  const rangeProblem =
    filters.from && filters.to && filters.from > filters.to ? 'From date must be on or before To date' : null;
  const query: AuditQuery = {
    from: filters.from || undefined,
    to: filters.to || undefined,
    user_id: filters.user ? Number(filters.user) : undefined,
    entity: filters.entity || undefined,
    entity_id: record || undefined,
    company: filters.unknownNames ? 'none' : undefined,
    skip: (filters.page - 1) * AUDIT_PAGE_SIZE,
    limit: AUDIT_PAGE_SIZE,
  };
  const trail = useAuditEvents(query, rangeProblem === null);
  const resultsId = useId();

  let body: React.ReactNode;
  if (rangeProblem) body = <State message="Choose a From date on or before the To date." />;
  else if (trail.isPending) body = <State loading message="Loading the audit trail..." />;
  else if (trail.isError && !trail.data)
    body = <State error message={errorMessage(trail.error, 'Failed to load the audit trail')} />;
  else if (trail.data.total === 0) body = <State message="No changes recorded for these filters" />;
  else body = <AuditTable events={trail.data.events} />;

  const total = trail.data?.total ?? 0;
  const first = total === 0 ? 0 : (filters.page - 1) * AUDIT_PAGE_SIZE + 1;
  const last = Math.min(total, filters.page * AUDIT_PAGE_SIZE);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        aria-label="Audit trail filters"
        onSubmit={(e) => e.preventDefault()}
        className={`${card} grid gap-3 px-5 py-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5 print:hidden`}
      >
        <DateField label="From" value={filters.from} onChange={(e) => set('from', e.target.value)} />
        <DateField
          label="To"
          value={filters.to}
          error={rangeProblem ?? undefined}
          onChange={(e) => set('to', e.target.value)}
        />
        <SelectField label="User" value={filters.user} onChange={(e) => set('user', e.target.value)}>
          <option value="">All users</option>
          {(users.data ?? []).map((u) => (
            <option key={u.id} value={String(u.id)}>
              {u.username}
            </option>
          ))}
        </SelectField>
        <SelectField label="Entity" value={filters.entity} onChange={(e) => set('entity', e.target.value)}>
          <option value="">All</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {words(entity)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Record"
          placeholder="The record's id"
          autoComplete="off"
          value={filters.record}
          onChange={(e) => set('record', e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2 md:col-span-3 lg:col-span-5">
          <CheckboxField
            label="Sign-ins with unknown names"
            checked={filters.unknownNames}
            onChange={(e) => set('unknown', e.target.checked ? '1' : '')}
          />
          <Button variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </form>

      <section aria-labelledby={resultsId} className={card}>
        <h2 id={resultsId} className="px-5 pt-4 pb-2 text-lg font-bold text-navy-700 dark:text-white">
          {filters.unknownNames ? 'Sign-ins with unknown names' : 'Changes'}
        </h2>
        <p className="hidden px-5 pb-2 text-sm text-slate-700 print:block">
          {printedFilters(company?.company_name ?? '', filters, users.data ?? [])}
        </p>
        {body}
        {trail.isError && trail.data ? (
          <p
            role="alert"
            className="mx-5 my-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {errorMessage(trail.error, 'Failed to load the audit trail')}
          </p>
        ) : null}
        {trail.data && total > 0 && !rangeProblem ? (
          <nav
            aria-label="Audit trail pages"
            className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm print:hidden dark:border-navy-600"
          >
            <p aria-live="polite" className="text-slate-600 dark:text-slate-300">
              {`Showing ${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')}`}
              {trail.isFetching ? <span className="ml-2">Updating...</span> : null}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                className="py-1.5"
                disabled={filters.page <= 1}
                onClick={() => set('page', String(filters.page - 1))}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                className="py-1.5"
                disabled={last >= total}
                onClick={() => set('page', String(filters.page + 1))}
              >
                Next
              </Button>
            </div>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/** What the printed trail covers, under its heading: the branch and every filter set. */
function printedFilters(
  companyName: string,
  filters: ReturnType<typeof useAuditFilters>['filters'],
  users: { id: number; username: string }[],
): string {
  const parts = [companyName];
  if (filters.from) parts.push(`from ${formatIndianDate(filters.from)}`);
  if (filters.to) parts.push(`to ${formatIndianDate(filters.to)}`);
  if (filters.user) {
    parts.push(`user ${users.find((u) => String(u.id) === filters.user)?.username ?? filters.user}`);
  }
  if (filters.entity) parts.push(words(filters.entity));
  if (filters.record) parts.push(`record ${filters.record}`);
  return parts.filter(Boolean).join(' · ');
}

function State({
  message,
  loading = false,
  error = false,
}: {
  message: string;
  loading?: boolean;
  error?: boolean;
}) {
  if (error) {
    return (
      <p
        role="alert"
        className="m-5 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        {message}
      </p>
    );
  }
  return (
    <p
      role={loading ? 'status' : undefined}
      className="px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-300"
    >
      {message}
    </p>
  );
}

export default AuditTrailPage;

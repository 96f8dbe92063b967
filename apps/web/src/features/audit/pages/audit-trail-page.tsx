import { formatIndianDate, isPlainDate } from '@pledge-desk/domain';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckboxField, DateField, SelectField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import { type AuditQuery, useAuditEvents } from '../api/get-audit-events';
import { useAuditUsers } from '../api/get-audit-users';
import { AUDIT_ENTITIES } from '../components/audit-format';
import { AuditTable } from '../components/audit-table';
import { auditEntityText, auditText, entityName } from '../i18n';

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

/** Audit Trail (/audit, admins): every change of the branch, who made it and what it changed. */
export function AuditTrailPage() {
  const t = useT(auditText);
  const entities = useT(auditEntityText);
  const messageText = useMessageText();
  const { filters, set } = useAuditFilters();
  const users = useAuditUsers();
  const { company } = useSession();
  const record = useDebounced(filters.record.trim(), 300);
  const rangeProblem = filters.from && filters.to && filters.from > filters.to ? t('rangeProblem') : null;
  const query: AuditQuery = {
    from: filters.from || undefined,
    to: filters.to || undefined,
    user_id: filters.user ? Number(filters.user) : undefined,
    entity: filters.entity || undefined,
    record: record || undefined,
    company: filters.unknownNames ? 'none' : undefined,
    skip: (filters.page - 1) * AUDIT_PAGE_SIZE,
    limit: AUDIT_PAGE_SIZE,
  };
  const trail = useAuditEvents(query, rangeProblem === null);
  const resultsId = useId();

  let body: React.ReactNode;
  if (rangeProblem) body = <State message={t('chooseRange')} />;
  else if (trail.isPending) body = <State loading message={t('loading')} />;
  else if (trail.isError && !trail.data)
    body = <State error message={messageText(errorMessage(trail.error, t('loadFailed')))} />;
  else if (trail.data.total === 0) body = <State message={t('noChanges')} />;
  else body = <AuditTable events={trail.data.events} />;

  const total = trail.data?.total ?? 0;
  const first = total === 0 ? 0 : (filters.page - 1) * AUDIT_PAGE_SIZE + 1;
  const last = Math.min(total, filters.page * AUDIT_PAGE_SIZE);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        aria-label={t('filters')}
        onSubmit={(e) => e.preventDefault()}
        className={`${card} grid gap-3 px-5 py-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5 print:hidden`}
      >
        <DateField label={t('from')} value={filters.from} onChange={(e) => set('from', e.target.value)} />
        <DateField
          label={t('to')}
          value={filters.to}
          error={rangeProblem ?? undefined}
          onChange={(e) => set('to', e.target.value)}
        />
        <SelectField label={t('user')} value={filters.user} onChange={(e) => set('user', e.target.value)}>
          <option value="">{t('allUsers')}</option>
          {(users.data ?? []).map((u) => (
            <option key={u.id} value={String(u.id)}>
              {u.username}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('entity')}
          value={filters.entity}
          onChange={(e) => set('entity', e.target.value)}
        >
          <option value="">{t('all')}</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {entityName(entities, entity)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('record')}
          placeholder={t('recordPlaceholder')}
          autoComplete="off"
          value={filters.record}
          onChange={(e) => set('record', e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2 md:col-span-3 lg:col-span-5">
          <CheckboxField
            label={t('unknownNames')}
            checked={filters.unknownNames}
            onChange={(e) => set('unknown', e.target.checked ? '1' : '')}
          />
          <Button variant="secondary" onClick={() => window.print()}>
            {t('print')}
          </Button>
        </div>
      </form>

      <section aria-labelledby={resultsId} className={card}>
        <h2 id={resultsId} className="px-5 pt-4 pb-2 text-lg font-bold text-navy-700 dark:text-white">
          {filters.unknownNames ? t('unknownNames') : t('changes')}
        </h2>
        <p className="hidden px-5 pb-2 text-sm text-slate-700 print:block">
          {printedFilters(t, entities, company?.company_name ?? '', filters, users.data ?? [])}
        </p>
        {body}
        {trail.isError && trail.data ? (
          <p
            role="alert"
            className="mx-5 my-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {messageText(errorMessage(trail.error, t('loadFailed')))}
          </p>
        ) : null}
        {trail.data && total > 0 && !rangeProblem ? (
          <nav
            aria-label={t('pages')}
            className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm print:hidden dark:border-navy-600"
          >
            <p aria-live="polite" className="text-slate-600 dark:text-slate-300">
              {t('showing', { first, last, total })}
              {trail.isFetching ? <span className="ml-2">{t('updating')}</span> : null}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                className="py-1.5"
                disabled={filters.page <= 1}
                onClick={() => set('page', String(filters.page - 1))}
              >
                {t('previous')}
              </Button>
              <Button
                variant="secondary"
                className="py-1.5"
                disabled={last >= total}
                onClick={() => set('page', String(filters.page + 1))}
              >
                {t('next')}
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
  t: Translate<keyof typeof auditText.en>,
  entities: Translate<keyof typeof auditEntityText.en>,
  companyName: string,
  filters: ReturnType<typeof useAuditFilters>['filters'],
  users: { id: number; username: string }[],
): string {
  const parts = [companyName];
  if (filters.from) parts.push(t('printedFrom', { date: formatIndianDate(filters.from) }));
  if (filters.to) parts.push(t('printedTo', { date: formatIndianDate(filters.to) }));
  if (filters.user) {
    parts.push(
      t('printedUser', { name: users.find((u) => String(u.id) === filters.user)?.username ?? filters.user }),
    );
  }
  if (filters.entity) parts.push(entityName(entities, filters.entity));
  if (filters.record) parts.push(t('printedRecord', { id: filters.record }));
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

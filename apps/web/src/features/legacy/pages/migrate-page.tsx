import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { hasPermission, isAdmin, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { addressWithPhone, type LegacyCustomer } from '../api/legacy-customer';
import { useMigrateLegacyCustomer } from '../api/migrate-legacy-customer';
import { type BulkMigration, useMigrateLegacyCustomers } from '../api/migrate-legacy-customers';
import { IMPORT_COMMAND, searchFailureMessage, searchLegacyCustomers } from '../api/search-legacy-customers';
import { LegacyCustomerDialog } from '../components/legacy-customer-dialog';
import { MigrationStatus } from '../components/migration-status';
import { TamilText, tamilFontStack } from '../components/tamil-text';
import { fieldsToComplete, migrateFieldText, migrateText } from '../i18n';

/**
 * The search that runs when the screen opens (spec §2: a fixed personal-name sample). Murugan, a
 * common Tamil name, is found many times in the older system's sample file
 * (apps/server/fixtures/legacy/legacy-customers.csv).
 */
export const DEFAULT_SEARCH_TERM = 'முருகன்';

type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; term: string }
  | { status: 'success'; term: string; rows: LegacyCustomer[] }
  /** A fresh install: nothing imported and no old-system service, so nothing to search yet. */
  | { status: 'empty-store'; term: string }
  | { status: 'error'; term: string; message: string };

/** Migrate (/migrate): find customers of the older system and bring them into Pledge Desk. */
export function MigratePage() {
  const t = useT(migrateText);
  const fieldText = useT(migrateFieldText);
  const messageText = useMessageText();
  const { user } = useSession();
  const { showToast, dismissToast } = useToast();
  // The last search's toast goes when the next search answers, so a few searches do not pile toasts over the form.
  const searchToast = useRef<string | null>(null);
  const canMigrate = hasPermission(user, permissions.customersCreate);
  const canOpenCustomers = isAdmin(user);

  const [query, setQuery] = useState(DEFAULT_SEARCH_TERM);
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [viewing, setViewing] = useState<LegacyCustomer | null>(null);
  const [migratingPno, setMigratingPno] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [bulkResult, setBulkResult] = useState<BulkMigration | null>(null);
  const migrateOne = useMigrateLegacyCustomer();
  const migrateAll = useMigrateLegacyCustomers();
  const current = useRef<AbortController | null>(null);

  // The search keeps its identity across a change of language (its effect would search again).
  const text = useRef(t);
  text.current = t;
  const runSearch = useCallback(
    async (rawTerm: string, { announce = true }: { announce?: boolean } = {}) => {
      const term = rawTerm.trim();
      if (term === '') {
        showToast({
          type: 'warning',
          title: text.current('searchRequired'),
          message: text.current('enterTerm'),
        });
        return;
      }
      // A newer search replaces one still running, so an old answer never overwrites a newer one.
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setSearch((s) => (announce || s.status !== 'success' ? { status: 'loading', term } : s));
      try {
        const { rows, storeEmpty } = await searchLegacyCustomers(term, controller.signal);
        if (controller.signal.aborted) return;
        if (storeEmpty) {
          setSearch({ status: 'empty-store', term });
          if (searchToast.current) dismissToast(searchToast.current);
          searchToast.current = showToast({
            type: 'warning',
            title: text.current('nothingImported'),
            message: text.current('notLoaded', { command: IMPORT_COMMAND }),
          });
          return;
        }
        setSearch({ status: 'success', term, rows });
        if (announce) {
          if (searchToast.current) dismissToast(searchToast.current);
          searchToast.current = showToast({
            type: 'success',
            title: text.current('searchCompleted'),
            message: text.current('found', { count: rows.length, term }),
          });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = searchFailureMessage(error);
        setSearch({ status: 'error', term, message });
        if (searchToast.current) dismissToast(searchToast.current);
        searchToast.current = showToast({ type: 'error', title: text.current('searchFailed'), message });
      }
    },
    [showToast, dismissToast],
  );

  useEffect(() => {
    void runSearch(DEFAULT_SEARCH_TERM);
    return () => current.current?.abort();
  }, [runSearch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBulkResult(null);
    void runSearch(query);
  };

  const clearResults = () => {
    current.current?.abort();
    setQuery('');
    setSearch({ status: 'idle' });
    setBulkResult(null);
  };

  const markMigrated = (pno: string, customerId: number, customerCode: string) => {
    const mark = (r: LegacyCustomer) =>
      r.pno === pno ? { ...r, migrated_customer_id: customerId, migrated_customer_code: customerCode } : r;
    setSearch((s) => (s.status === 'success' ? { ...s, rows: s.rows.map(mark) } : s));
    setViewing((v) => (v ? mark(v) : v));
  };

  const migrate = (customer: LegacyCustomer) => {
    setMigratingPno(customer.pno);
    migrateOne.mutate(customer.pno, {
      onSuccess: ({ created, customer: made }) => {
        markMigrated(customer.pno, made.id, made.acc_code);
        const missing =
          made.incomplete_fields.length > 0
            ? t('stillToComplete', { fields: fieldsToComplete(fieldText, made.incomplete_fields) })
            : '';
        const who = { name: customer.name || customer.pno, code: made.acc_code };
        showToast({
          type: 'success',
          title: created ? t('customerMigrated') : t('alreadyMigrated'),
          message: `${created ? t('isNowCustomer', who) : t('isAlreadyCustomer', who)}${missing}`,
        });
      },
      onError: (error) =>
        showToast({
          type: 'error',
          title: t('migrationFailed'),
          message: t('notMigrated', { pno: customer.pno, message: messageText(error.message) }),
        }),
      onSettled: () => setMigratingPno(null),
    });
  };

  const rows = search.status === 'success' ? search.rows : [];
  const pending = rows.filter((r) => r.migrated_customer_id === null);
  const resultTerm = search.status === 'idle' ? null : search.term;

  const runMigrateAll = () => {
    const pnos = pending.map((r) => r.pno);
    migrateAll.mutate(pnos, {
      onSuccess: (result) => {
        setBulkResult(result);
        showToast({
          type: result.created.length > 0 || result.skipped.length === 0 ? 'success' : 'warning',
          title: t('migrationCompleted'),
          message: t('migratedCount', { created: result.created.length, skipped: result.skipped.length }),
        });
        // The search answer carries each record's new customer id and code.
        if (resultTerm) void runSearch(resultTerm, { announce: false });
      },
      onError: (error) =>
        showToast({
          type: 'error',
          title: t('migrationFailed'),
          message: t('noneMigrated', { message: messageText(error.message) }),
        }),
      onSettled: () => setConfirmAll(false),
    });
  };

  const columns: DataTableColumn<LegacyCustomer>[] = [
    {
      key: 'pno',
      header: t('customerNo'),
      cell: (c) => <span className="font-semibold tabular-nums">{c.pno}</span>,
    },
    {
      key: 'name',
      header: t('name'),
      cell: (c) => (
        <div>
          <TamilText className="block font-semibold">{c.name || '—'}</TamilText>
          {c.name_original && c.name_original !== c.name ? (
            <span className="block text-xs text-slate-500 dark:text-slate-400" title={t('asStored')}>
              {c.name_original}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'address',
      header: t('address'),
      cell: (c) => (
        <TamilText className="block min-w-32">{addressWithPhone(c.address, c.phoneno) || '—'}</TamilText>
      ),
    },
    { key: 'phoneno', header: t('phone'), cell: (c) => c.phoneno || '—', className: 'whitespace-nowrap' },
    { key: 'mobile', header: t('mobile'), cell: (c) => c.mobile || '—' },
    {
      key: 'cust_refno',
      header: t('reference'),
      cell: (c) => c.cust_refno || '—',
      className: 'whitespace-nowrap',
    },
  ];

  const toolbar = (
    <>
      <Button
        variant="secondary"
        onClick={() => resultTerm && void runSearch(resultTerm)}
        disabled={resultTerm === null || search.status === 'loading'}
      >
        {t('refresh')}
      </Button>
      {canMigrate ? (
        <Button
          onClick={() => setConfirmAll(true)}
          disabled={search.status !== 'success' || pending.length === 0 || migrateAll.isPending}
          title={search.status === 'success' && pending.length === 0 ? t('everyMigrated') : undefined}
        >
          <Icon name="migrate" className="size-4" />
          {t('migrateAll')}
        </Button>
      ) : null}
    </>
  );

  return (
    <div className="flex flex-col gap-5">
      <section className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800">
        <h2 className="text-lg font-bold text-navy-700 dark:text-white">{t('findTitle')}</h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('findHelp')}</p>
        <form
          aria-label={t('searchForm')}
          onSubmit={onSubmit}
          className="mt-4 flex flex-wrap items-end gap-3"
        >
          <div className="min-w-64 flex-1">
            <label
              htmlFor="migrate-search"
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('searchTerm')}
            </label>
            <input
              id="migrate-search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={t('searchPlaceholder')}
              autoComplete="off"
              style={{ fontFamily: tamilFontStack }}
              className="block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
            />
          </div>
          <Button type="submit" disabled={search.status === 'loading'}>
            <Icon name="search" className="size-4" />
            {t('search')}
          </Button>
        </form>

        {resultTerm !== null ? (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 dark:bg-navy-700">
            <p className="text-sm text-navy-700 dark:text-white">
              {t.rich('resultsFor', {
                term: resultTerm,
                q: (chunks) => <TamilText className="font-semibold">{chunks}</TamilText>,
              })}
              {search.status === 'success' ? (
                <span className="ml-2 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-600 dark:bg-navy-800 dark:text-brand-300">
                  {t('customers', { count: search.rows.length })}
                </span>
              ) : null}
            </p>
            <Button variant="secondary" onClick={clearResults} className="py-1.5">
              {t('clearResults')}
            </Button>
          </div>
        ) : null}

        {search.status === 'empty-store' ? (
          <div
            role="status"
            className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          >
            <p className="font-bold">{t('notImported')}</p>
            <p className="mt-1">{t('importHow')}</p>
            <code className="mt-2 block rounded-lg bg-white px-3 py-2 font-mono text-xs text-navy-700 dark:bg-navy-900 dark:text-white">
              {IMPORT_COMMAND}
            </code>
            <p className="mt-2">{t('importCsv')}</p>
          </div>
        ) : null}

        {search.status === 'error' ? (
          <div
            role="alert"
            className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
          >
            <p className="font-bold">{t('error')}</p>
            <p>{messageText(search.message)}</p>
          </div>
        ) : null}

        {bulkResult && bulkResult.skipped.length > 0 ? (
          <div
            role="status"
            className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          >
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold">{t('skippedTitle', { count: bulkResult.skipped.length })}</p>
              <button
                type="button"
                onClick={() => setBulkResult(null)}
                aria-label={t('dismissSkipped')}
                className="rounded p-0.5 hover:bg-amber-100 dark:hover:bg-amber-900/50"
              >
                <Icon name="close" className="size-4" />
              </button>
            </div>
            <ul className="mt-1 list-disc pl-5">
              {bulkResult.skipped.map((s) => (
                <li key={s.pno}>
                  {s.pno}: {messageText(s.detail)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {search.status === 'loading' ? (
        <section className="rounded-2xl bg-white shadow-sm dark:bg-navy-800">
          <Spinner label={t('searching')} className="py-12" />
        </section>
      ) : search.status === 'error' || search.status === 'empty-store' ? null : (
        <DataTable
          title={t('tableTitle')}
          description={canMigrate ? t('canMigrateHelp') : t('cannotMigrateHelp')}
          toolbar={toolbar}
          columns={columns}
          rows={rows}
          getRowKey={(c) => c.pno}
          emptyText={search.status === 'idle' ? t('enterToFind') : t('noneFound', { term: search.term })}
          minWidth="56rem"
          actions={(c) => (
            <>
              {c.migrated_customer_id !== null ? (
                <MigrationStatus
                  customerId={c.migrated_customer_id}
                  customerCode={c.migrated_customer_code}
                  canOpenCustomers={canOpenCustomers}
                />
              ) : canMigrate ? (
                <RowActionButton
                  label={t('migrateLabel', { pno: c.pno })}
                  onClick={() => migrate(c)}
                  disabled={migratingPno !== null || migrateAll.isPending}
                >
                  {migratingPno === c.pno ? t('migrating') : t('migrate')}
                </RowActionButton>
              ) : null}
              <RowActionButton label={t('viewLabel', { pno: c.pno })} onClick={() => setViewing(c)}>
                {t('view')}
              </RowActionButton>
            </>
          )}
        />
      )}

      <LegacyCustomerDialog
        customer={viewing}
        canMigrate={canMigrate}
        canOpenCustomers={canOpenCustomers}
        isMigrating={viewing !== null && migratingPno === viewing.pno}
        onMigrate={migrate}
        onClose={() => setViewing(null)}
      />

      <ConfirmDialog
        open={confirmAll}
        title={t('migrateAll')}
        message={t('confirmAll', { count: pending.length })}
        confirmLabel={migrateAll.isPending ? t('migrating') : t('migrateCount', { count: pending.length })}
        isBusy={migrateAll.isPending}
        onConfirm={runMigrateAll}
        onCancel={() => setConfirmAll(false)}
      />
    </div>
  );
}

export default MigratePage;

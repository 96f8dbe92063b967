import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '../../../components/ui/data-table';
import { Icon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toasts';
import { hasPermission, isAdmin, permissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { addressWithPhone, type LegacyCustomer } from '../api/legacy-customer';
import { incompleteFieldsText, useMigrateLegacyCustomer } from '../api/migrate-legacy-customer';
import { type BulkMigration, useMigrateLegacyCustomers } from '../api/migrate-legacy-customers';
import { IMPORT_COMMAND, searchFailureMessage, searchLegacyCustomers } from '../api/search-legacy-customers';
import { LegacyCustomerDialog } from '../components/legacy-customer-dialog';
import { MigrationStatus } from '../components/migration-status';
import { TamilText, tamilFontStack } from '../components/tamil-text';

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Migrate (/migrate): find customers of the older system and bring them into Pledge Desk. */
export function MigratePage() {
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

  const runSearch = useCallback(
    async (rawTerm: string, { announce = true }: { announce?: boolean } = {}) => {
      const term = rawTerm.trim();
      if (term === '') {
        showToast({
          type: 'warning',
          title: 'Search Required',
          message: 'Please enter a search term to find customers.',
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
            title: 'Nothing Imported Yet',
            message: `The old system's customers are not loaded. Run ${IMPORT_COMMAND} on the server.`,
          });
          return;
        }
        setSearch({ status: 'success', term, rows });
        if (announce) {
          if (searchToast.current) dismissToast(searchToast.current);
          searchToast.current = showToast({
            type: 'success',
            title: 'Search Completed',
            message: `Found ${rows.length} customers matching "${term}"`,
          });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = searchFailureMessage(error);
        setSearch({ status: 'error', term, message });
        if (searchToast.current) dismissToast(searchToast.current);
        searchToast.current = showToast({ type: 'error', title: 'Search Failed', message });
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
            ? ` Still to complete on the Customers screen: ${incompleteFieldsText(made.incomplete_fields)}.`
            : '';
        showToast({
          type: 'success',
          title: created ? 'Customer Migrated' : 'Already Migrated',
          message: `${customer.name || customer.pno} is ${created ? 'now' : 'already'} customer ${made.acc_code}.${missing}`,
        });
      },
      onError: (error) =>
        showToast({
          type: 'error',
          title: 'Migration Failed',
          message: `Customer ${customer.pno} was not migrated: ${error.message}`,
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
          title: 'Migration Completed',
          message: `Migrated ${plural(result.created.length, 'customer', 'customers')}; ${result.skipped.length} skipped.`,
        });
        // The search answer carries each record's new customer id and code.
        if (resultTerm) void runSearch(resultTerm, { announce: false });
      },
      onError: (error) =>
        showToast({
          type: 'error',
          title: 'Migration Failed',
          message: `No customers were migrated: ${error.message}`,
        }),
      onSettled: () => setConfirmAll(false),
    });
  };

  const columns: DataTableColumn<LegacyCustomer>[] = [
    {
      key: 'pno',
      header: 'Customer No',
      cell: (c) => <span className="font-semibold tabular-nums">{c.pno}</span>,
    },
    {
      key: 'name',
      header: 'Name',
      cell: (c) => (
        <div>
          <TamilText className="block font-semibold">{c.name || '—'}</TamilText>
          {c.name_original && c.name_original !== c.name ? (
            <span
              className="block text-xs text-slate-500 dark:text-slate-400"
              title="As stored in the older system"
            >
              {c.name_original}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'address',
      header: 'Address',
      cell: (c) => (
        <TamilText className="block min-w-32">{addressWithPhone(c.address, c.phoneno) || '—'}</TamilText>
      ),
    },
    { key: 'phoneno', header: 'Phone', cell: (c) => c.phoneno || '—', className: 'whitespace-nowrap' },
    { key: 'mobile', header: 'Mobile', cell: (c) => c.mobile || '—' },
    {
      key: 'cust_refno',
      header: 'Reference',
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
        Refresh
      </Button>
      {canMigrate ? (
        <Button
          onClick={() => setConfirmAll(true)}
          disabled={search.status !== 'success' || pending.length === 0 || migrateAll.isPending}
          title={
            search.status === 'success' && pending.length === 0
              ? 'Every customer shown is migrated.'
              : undefined
          }
        >
          <Icon name="migrate" className="size-4" />
          Migrate All
        </Button>
      ) : null}
    </>
  );

  return (
    <div className="flex flex-col gap-5">
      <section className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800">
        <h2 className="text-lg font-bold text-navy-700 dark:text-white">
          Find customers in the older system
        </h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Search by name in Tamil or English, by customer number or by phone. Tamil names from the older
          system are converted for display; the text as it was stored is shown under each name.
        </p>
        <form
          aria-label="Search the older system"
          onSubmit={onSubmit}
          className="mt-4 flex flex-wrap items-end gap-3"
        >
          <div className="min-w-64 flex-1">
            <label
              htmlFor="migrate-search"
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              Search term
            </label>
            <input
              id="migrate-search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Name, customer number or phone"
              autoComplete="off"
              style={{ fontFamily: tamilFontStack }}
              className="block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
            />
          </div>
          <Button type="submit" disabled={search.status === 'loading'}>
            <Icon name="search" className="size-4" />
            Search
          </Button>
        </form>

        {resultTerm !== null ? (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 dark:bg-navy-700">
            <p className="text-sm text-navy-700 dark:text-white">
              Search Results for <TamilText className="font-semibold">"{resultTerm}"</TamilText>
              {search.status === 'success' ? (
                <span className="ml-2 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-600 dark:bg-navy-800 dark:text-brand-300">
                  {plural(search.rows.length, 'customer', 'customers')}
                </span>
              ) : null}
            </p>
            <Button variant="secondary" onClick={clearResults} className="py-1.5">
              Clear Results
            </Button>
          </div>
        ) : null}

        {search.status === 'empty-store' ? (
          <div
            role="status"
            className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          >
            <p className="font-bold">The old system's customers are not imported yet.</p>
            <p className="mt-1">
              On the server, load the old customer file into the same database (with the embedded database,
              stop Pledge Desk first and start it again after):
            </p>
            <code className="mt-2 block rounded-lg bg-white px-3 py-2 font-mono text-xs text-navy-700 dark:bg-navy-900 dark:text-white">
              {IMPORT_COMMAND}
            </code>
            <p className="mt-2">
              A CSV export works too; the README's 'Importing from the old system' shows how to map its
              columns. With the old system's migration service running, set LEGACY_API_URL instead.
            </p>
          </div>
        ) : null}

        {search.status === 'error' ? (
          <div
            role="alert"
            className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
          >
            <p className="font-bold">Error:</p>
            <p>{search.message}</p>
          </div>
        ) : null}

        {bulkResult && bulkResult.skipped.length > 0 ? (
          <div
            role="status"
            className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          >
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold">
                {plural(bulkResult.skipped.length, 'customer was', 'customers were')} not migrated:
              </p>
              <button
                type="button"
                onClick={() => setBulkResult(null)}
                aria-label="Dismiss the skipped list"
                className="rounded p-0.5 hover:bg-amber-100 dark:hover:bg-amber-900/50"
              >
                <Icon name="close" className="size-4" />
              </button>
            </div>
            <ul className="mt-1 list-disc pl-5">
              {bulkResult.skipped.map((s) => (
                <li key={s.pno}>
                  {s.pno}: {s.detail}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {search.status === 'loading' ? (
        <section className="rounded-2xl bg-white shadow-sm dark:bg-navy-800">
          <Spinner label="Searching customers..." className="py-12" />
        </section>
      ) : search.status === 'error' || search.status === 'empty-store' ? null : (
        <DataTable
          title="Customers of the older system"
          description={
            canMigrate
              ? 'Migrate makes a Pledge Desk customer from the record; a record is migrated only once.'
              : 'Migrating needs the permission to create customers.'
          }
          toolbar={toolbar}
          columns={columns}
          rows={rows}
          getRowKey={(c) => c.pno}
          emptyText={
            search.status === 'idle'
              ? 'Enter a search term to find customers.'
              : `No customers found for "${search.term}".`
          }
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
                  label={`Migrate customer ${c.pno}`}
                  onClick={() => migrate(c)}
                  disabled={migratingPno !== null || migrateAll.isPending}
                >
                  {migratingPno === c.pno ? 'Migrating...' : 'Migrate'}
                </RowActionButton>
              ) : null}
              <RowActionButton label={`View customer ${c.pno}`} onClick={() => setViewing(c)}>
                View
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
        title="Migrate All"
        message={`Make Pledge Desk customers of the ${plural(pending.length, 'customer', 'customers')} shown that are not migrated yet?`}
        confirmLabel={migrateAll.isPending ? 'Migrating...' : `Migrate ${pending.length}`}
        isBusy={migrateAll.isPending}
        onConfirm={runMigrateAll}
        onCancel={() => setConfirmAll(false)}
      />
    </div>
  );
}

export default MigratePage;

import {
  businessToday,
  daybookEntrySchema,
  formatIndianNumber,
  paiseToRupees,
  VOUCHER_TYPE_NAMES,
} from '@pledge-desk/domain';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateField, FormError, SelectField } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Icon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { MoneyInput } from '@/components/ui/money-input';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, useCrudToasts } from '@/components/ui/use-crud-toasts';
import { rowMessages, serverFieldMessages } from '@/lib/form-errors';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { type AccountOption, useAccountOptions } from '../api/get-account-options';
import type { DaybookEntry } from '../api/get-daybook-entries';
import { useOpenDay } from '../api/get-open-day';
import { useSaveDaybookEntry } from '../api/save-daybook-entry';
import { type DaybookKey, daybookText, VOUCHER_TYPE_KEYS } from '../i18n';
import {
  amountErrors,
  balanceMessage,
  canSave,
  detailsOf,
  type EntryLine,
  emptyLine,
  lineErrors,
  MIN_LINES,
  sentLines,
  totalsOf,
} from './entry-lines';

const headerFields = ['entry_date', 'voucher_type', 'reference_number', 'narration'] as const;
type HeaderField = (typeof headerFields)[number];

const amountText = (rupees: number) => (rupees > 0 ? String(rupees) : '');

function linesOf(record: DaybookEntry | null): EntryLine[] {
  const lines = (record?.daybook_details ?? []).map((d) => ({
    ...emptyLine(),
    accountId: String(d.account_id),
    debit: amountText(d.debit_amount),
    credit: amountText(d.credit_amount),
    narration: d.narration ?? '',
  }));
  while (lines.length < MIN_LINES) lines.push(emptyLine());
  return lines;
}

/**
 * The accounts a row may choose: the active ones a manual voucher may use (not those pledges and
 * payments own, docs/domain-rules.md §6.3), plus any account the entry already uses that is no longer offered,
 * so editing an old entry never drops a line (the server then names the line to change).
 */
function optionsFor(
  t: Translate<DaybookKey>,
  all: readonly AccountOption[],
  record: DaybookEntry | null,
): AccountOption[] {
  const offered = all.filter((a) => a.manual_entry);
  const known = new Set(offered.map((a) => a.account_id));
  const extra = (record?.daybook_details ?? [])
    .filter((d) => !known.has(d.account_id))
    .map((d) => {
      const option = all.find((a) => a.account_id === d.account_id);
      const name = d.account_name ?? t('accountNumber', { id: String(d.account_id) });
      return {
        account_id: d.account_id,
        account_code: d.account_code ?? '',
        account_name: t(option ? 'pledgesAndPaymentsOnly' : 'inactive', { name }),
        is_active: option !== undefined,
        manual_entry: false,
      };
    });
  return [...offered, ...extra];
}

const cellInput =
  'block w-full rounded-lg border border-slate-300 bg-white px-2.5 py-2 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white';

/**
 * Add or edit a daybook entry (shell-and-masters §2, §5): a wide modal with a grid of account rows,
 * live totals in Indian grouping, and Save only once debits equal credits above zero.
 */
export function DaybookEntryDialog({
  record,
  onClose,
}: {
  record: DaybookEntry | null;
  onClose: () => void;
}) {
  const t = useT(daybookText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const toasts = useCrudToasts();
  const save = useSaveDaybookEntry();
  const submission = useIdempotentSubmit();
  const accountOptions = useAccountOptions();
  const isEdit = record !== null;
  const [header, setHeader] = useState<Record<HeaderField, string>>({
    entry_date: record?.entry_date ?? businessToday(),
    voucher_type: record?.voucher_type ?? 'Journal',
    reference_number: record?.reference_number ?? '',
    narration: record?.narration ?? '',
  });
  const [lines, setLines] = useState<EntryLine[]>(() => linesOf(record));
  const [headerErrors, setHeaderErrors] = useState<Partial<Record<HeaderField, string>>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const grid = useRef<HTMLTableSectionElement>(null);
  const focusRow = useRef<string | null>(null);
  // A new entry starts on the latest day that is not closed (the server knows which are), unless the
  // date was already typed.
  const openDay = useOpenDay(!isEdit);
  const isDateTyped = useRef(false);
  const openDate = openDay.data?.date;
  useEffect(() => {
    if (openDate && !isDateTyped.current) setHeader((h) => ({ ...h, entry_date: openDate }));
  }, [openDate]);

  const options = optionsFor(t, accountOptions.data ?? [], record);
  const totals = totalsOf(lines);
  const message = balanceMessage(lines);
  const isSavable = canSave(lines);

  // After Enter adds a row, the focus goes to its account select.
  useEffect(() => {
    if (!focusRow.current) return;
    grid.current?.querySelector<HTMLElement>(`[data-row="${focusRow.current}"] select`)?.focus();
    focusRow.current = null;
  });

  const setHeaderField = (field: HeaderField, value: string) => {
    setHeader((h) => ({ ...h, [field]: value }));
    setHeaderErrors((e) => ({ ...e, [field]: undefined }));
  };

  const updateLine = (key: string, patch: Partial<EntryLine>) => {
    setLines((all) =>
      all.map((l) => {
        if (l.key !== key) return l;
        const next = { ...l, ...patch };
        // A row is a debit or a credit: an amount typed on one side clears the other.
        if (patch.debit !== undefined && patch.debit.trim() !== '' && Number(patch.debit) > 0)
          next.credit = '';
        if (patch.credit !== undefined && patch.credit.trim() !== '' && Number(patch.credit) > 0)
          next.debit = '';
        return next;
      }),
    );
    setRowErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  const addLine = () => {
    const line = emptyLine();
    focusRow.current = line.key;
    setLines((all) => [...all, line]);
  };

  const removeLine = (key: string) => {
    setLines((all) => (all.length <= MIN_LINES ? all : all.filter((l) => l.key !== key)));
  };

  /** Enter moves through the grid like Tab; on the last row's amounts it adds a row (spec: keyboard entry). */
  const onGridKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || !grid.current) return;
    const target = event.target as HTMLElement;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    event.preventDefault();
    const row = target.closest<HTMLElement>('[data-row]');
    const isLastRow = row?.dataset.row === lines[lines.length - 1]?.key;
    if (isLastRow && target.dataset.amount) {
      addLine();
      return;
    }
    const stops = Array.from(grid.current.querySelectorAll<HTMLElement>('input, select'));
    const next = stops[stops.indexOf(target) + 1];
    if (next) next.focus();
    else addLine();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const errorsByRow = lineErrors(lines);
    setRowErrors(errorsByRow);
    const payload = {
      entry_date: header.entry_date,
      voucher_type: header.voucher_type,
      reference_number: header.reference_number.trim() === '' ? null : header.reference_number.trim(),
      narration: header.narration,
      total_amount: paiseToRupees(totals.debitPaise),
      details: detailsOf(lines),
    };
    const parsed = daybookEntrySchema.safeParse(payload);
    const fieldErrors: Partial<Record<HeaderField, string>> = {};
    let detailError: string | null = null;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((headerFields as readonly unknown[]).includes(field) && !fieldErrors[field as HeaderField]) {
          fieldErrors[field as HeaderField] = issue.message;
        } else if (field === 'details' && issue.path.length === 1 && !detailError) {
          detailError = issue.message;
        }
      }
    }
    setHeaderErrors(fieldErrors);
    if (!parsed.success || Object.keys(errorsByRow).length > 0) {
      setFormError(detailError);
      return;
    }
    // A new entry sent again unchanged (a retry after a lost answer) keeps its key; a double click sends one.
    submission.send(
      parsed.data,
      (idempotencyKey) =>
        save.mutateAsync({
          ...(record ? { id: record.entry_id } : { idempotencyKey }),
          values: parsed.data,
        }),
      {
        onSuccess: (saved) => {
          toasts.success(
            t(isEdit ? 'savedUpdated' : 'savedCreated'),
            t('savedTitle', { voucher: saved.voucher_number }),
          );
          onClose();
        },
        onError: (error) => {
          // 422 messages go where they point: the header fields, or the row of `details.<n>` (the
          // n-th row sent, which skips the empty rows of the grid).
          const server = serverFieldMessages(error);
          const placed: Partial<Record<HeaderField, string>> = {};
          for (const field of headerFields) if (server[field]) placed[field] = server[field];
          setHeaderErrors(placed);
          const sent = sentLines(lines);
          const byRow: Record<string, string> = {};
          for (const [index, rowMessage] of rowMessages(error, 'details')) {
            const line = sent[index];
            if (line) byRow[line.key] = rowMessage;
          }
          setRowErrors(byRow);
          const paths = Object.keys(server);
          const allPlaced =
            paths.length > 0 &&
            paths.every(
              (path) =>
                (headerFields as readonly string[]).includes(path) ||
                (path.startsWith('details.') && sent[Number(path.split('.')[1])] !== undefined),
            );
          setFormError(allPlaced ? null : errorMessage(error, t('saveFailed')));
        },
      },
    );
  };

  return (
    <Modal
      open
      size="xl"
      title={isEdit ? t('editTitle', { voucher: record.voucher_number }) : t('addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button
            type="submit"
            form="daybook-entry-form"
            disabled={!isSavable || save.isPending}
            title={isSavable || !message ? undefined : messageText(message)}
          >
            {save.isPending ? t('saving') : isEdit ? t('update') : t('save')}
          </Button>
        </>
      }
    >
      <form
        id="daybook-entry-form"
        noValidate
        onSubmit={onSubmit}
        className="grid grid-cols-[minmax(0,1fr)] gap-4"
      >
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <DateField
            label={t('entryDate')}
            max={businessToday()}
            value={header.entry_date}
            error={headerErrors.entry_date}
            onChange={(e) => {
              isDateTyped.current = true;
              setHeaderField('entry_date', e.target.value);
            }}
          />
          <SelectField
            label={t('voucherType')}
            value={header.voucher_type}
            error={headerErrors.voucher_type}
            // A voucher keeps its type, and so its number series, once posted (the server says so too).
            disabled={isEdit}
            title={isEdit ? t('typeFixed') : undefined}
            onChange={(e) => setHeaderField('voucher_type', e.target.value)}
          >
            {VOUCHER_TYPE_NAMES.map((type) => (
              <option key={type} value={type}>
                {t(VOUCHER_TYPE_KEYS[type]!)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('referenceNumber')}
            placeholder={t('optional')}
            value={header.reference_number}
            error={headerErrors.reference_number}
            onChange={(e) => setHeaderField('reference_number', e.target.value)}
          />
          <TextField
            label={t('narration')}
            value={header.narration}
            error={headerErrors.narration}
            onChange={(e) => setHeaderField('narration', e.target.value)}
          />
        </div>

        <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-navy-600">
          <table className="w-full min-w-[44rem] text-sm" aria-label={t('accountsOfEntry')}>
            <thead>
              <tr className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:border-navy-600 dark:bg-navy-900/50 dark:text-slate-400">
                <th scope="col" className="w-10 px-3 py-2 text-left font-semibold">
                  #
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {t('account')}
                </th>
                <th scope="col" className="w-36 px-3 py-2 text-right font-semibold">
                  {t('debit')}
                </th>
                <th scope="col" className="w-36 px-3 py-2 text-right font-semibold">
                  {t('credit')}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {t('rowNarration')}
                </th>
                <th scope="col" className="w-12 px-3 py-2">
                  <span className="sr-only">{t('remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody ref={grid} onKeyDown={onGridKeyDown}>
              {lines.map((line, index) => {
                const n = index + 1;
                const error = rowErrors[line.key];
                const amounts = amountErrors(line);
                return (
                  <tr
                    key={line.key}
                    data-row={line.key}
                    className="border-b border-slate-100 align-top last:border-0 dark:border-navy-700"
                  >
                    <td className="px-3 pt-4 text-slate-500 tabular-nums dark:text-slate-400">{n}</td>
                    <td className="px-3 py-1.5">
                      <select
                        aria-label={t('accountRow', { row: n })}
                        aria-invalid={error ? true : undefined}
                        className={cellInput}
                        value={line.accountId}
                        onChange={(e) => updateLine(line.key, { accountId: e.target.value })}
                      >
                        <option value="">
                          {accountOptions.isPending ? t('loadingAccounts') : t('selectAccount')}
                        </option>
                        {options.map((a) => (
                          <option key={a.account_id} value={a.account_id}>
                            {a.account_code} — {a.account_name}
                          </option>
                        ))}
                      </select>
                      {error ? (
                        <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
                          {messageText(error)}
                        </p>
                      ) : null}
                    </td>
                    <td className="px-3 py-1.5">
                      <MoneyInput
                        aria-label={t('debitRow', { row: n })}
                        data-amount="debit"
                        className={cellInput}
                        error={amounts.debit}
                        value={line.debit}
                        onChange={(e) => updateLine(line.key, { debit: e.target.value })}
                      />
                    </td>
                    <td className="px-3 py-1.5">
                      <MoneyInput
                        aria-label={t('creditRow', { row: n })}
                        data-amount="credit"
                        className={cellInput}
                        error={amounts.credit}
                        value={line.credit}
                        onChange={(e) => updateLine(line.key, { credit: e.target.value })}
                      />
                    </td>
                    <td className="px-3 py-1.5">
                      <input
                        aria-label={t('narrationRow', { row: n })}
                        className={cellInput}
                        value={line.narration}
                        onChange={(e) => updateLine(line.key, { narration: e.target.value })}
                      />
                    </td>
                    <td className="px-2 py-1.5 text-center">
                      <button
                        type="button"
                        aria-label={t('removeRow', { row: n })}
                        title={lines.length <= MIN_LINES ? t('twoRows') : undefined}
                        disabled={lines.length <= MIN_LINES}
                        onClick={() => removeLine(line.key)}
                        className="grid size-9 place-items-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-400 dark:hover:bg-red-950/40"
                      >
                        <Icon name="close" className="size-4" />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-200 font-semibold text-navy-700 dark:border-navy-600 dark:text-white">
                <td className="px-3 py-2.5" />
                <td className="px-3 py-2.5 text-right">{t('total')}</td>
                <td className="px-3 py-2.5 text-right tabular-nums" data-testid="total-debit">
                  {formatIndianNumber(totals.debitPaise)}
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums" data-testid="total-credit">
                  {formatIndianNumber(totals.creditPaise)}
                </td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="secondary" onClick={addLine} className="py-2">
            <Icon name="plus" className="size-4" />
            {t('addRow')}
          </Button>
          <p
            role="status"
            className={`text-sm ${
              message
                ? 'text-amber-700 dark:text-amber-300'
                : 'flex items-center gap-1.5 text-emerald-700 dark:text-emerald-300'
            }`}
          >
            {message ? (
              messageText(message)
            ) : (
              <>
                <Icon name="check" className="size-4" />
                {t('balanced', { amount: formatIndianNumber(totals.debitPaise) })}
              </>
            )}
          </p>
        </div>
      </form>
    </Modal>
  );
}

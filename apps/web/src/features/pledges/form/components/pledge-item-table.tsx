import { formatRupees, itemValuePaise } from '@pledge-desk/domain';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { Icon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { DesignPicker } from '@/shared/pickers/design-picker';
import { pledgeItemsText } from '../i18n';
import { type ItemRow, readWeightText, weightMg } from '../pledge-form-model';

const cellInput =
  'block w-full rounded-lg border bg-white px-2.5 py-2 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white';
const cellBorder = (error: string | undefined) =>
  error ? 'border-red-500' : 'border-slate-300 dark:border-navy-600';

/** The fields Enter walks through: the design search, then the typed cells. */
const STOPS = 'input[role="combobox"], input[data-stop]';

export type RowField = 'jewell_design_id' | 'jewell_condition' | 'gross_weight' | 'net_weight' | 'remarks';

function CellError({ id, message }: { id: string; message: string | undefined }) {
  const messageText = useMessageText();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-600 dark:text-red-400">
      {messageText(message)}
    </p>
  );
}

/**
 * The items of a pledge (pledges-and-payments §2.1): a fixed-height table that scrolls. Enter moves to
 * the next field; Enter in the last field of the last row adds a row and puts the cursor in its design,
 * so a whole pledge can be typed without the mouse.
 */
export function PledgeItemTable({
  rows,
  ratePaise,
  canAdd,
  addTitle,
  info,
  rowErrors,
  onChange,
  onAdd,
  onRemove,
}: {
  rows: readonly ItemRow[];
  /** The rate per gram in force, or null while there is none (net values then show a dash). */
  ratePaise: number | null;
  canAdd: boolean;
  /** Why Add Item is disabled, as its tooltip. */
  addTitle?: string | undefined;
  /** The rate line shown beside the title. */
  info?: ReactNode;
  rowErrors: Readonly<Record<string, Partial<Record<RowField, string>>>>;
  onChange: (key: string, patch: Partial<ItemRow>) => void;
  /** Adds an empty row and answers its key. */
  onAdd: () => string | null;
  onRemove: (key: string) => void;
}) {
  const t = useT(pledgeItemsText);
  const body = useRef<HTMLTableSectionElement>(null);
  const focusRow = useRef<string | null>(null);

  // After a row is added, the cursor goes to its design.
  useEffect(() => {
    if (!focusRow.current) return;
    body.current
      ?.querySelector<HTMLElement>(`[data-row="${focusRow.current}"] ${STOPS.split(',')[0]}`)
      ?.focus();
    focusRow.current = null;
  });

  const add = () => {
    const key = onAdd();
    if (key) focusRow.current = key;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    // An open design list takes Enter to pick (it prevents the default): leave it alone.
    if (event.key !== 'Enter' || event.shiftKey || event.defaultPrevented || !body.current) return;
    const target = event.target as HTMLElement;
    if (!target.matches(STOPS)) return;
    event.preventDefault();
    const stops = Array.from(body.current.querySelectorAll<HTMLElement>(STOPS));
    const next = stops[stops.indexOf(target) + 1];
    if (next) {
      next.focus();
      // What is in the field is selected, as Tab does: the net weight copied from the
      // gross weight is replaced by what the clerk types, not appended to ('12.345' + '11.9').
      if (next instanceof HTMLInputElement && next.getAttribute('role') !== 'combobox') next.select();
    } else if (canAdd) add();
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold text-navy-700 dark:text-white">{t('items')}</h2>
          {info}
        </div>
        <button
          type="button"
          disabled={!canAdd}
          title={canAdd ? undefined : addTitle}
          onClick={add}
          className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-navy-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
        >
          <Icon name="plus" className="size-4" />
          {t('addItem')}
        </button>
      </div>
      <div className="relative h-[22rem] overflow-auto rounded-xl border border-slate-200 dark:border-navy-600">
        <table className="w-full min-w-[54rem] text-sm" aria-label={t('itemsOfPledge')}>
          <thead className="sticky top-0 z-10">
            <tr className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:border-navy-600 dark:bg-navy-900 dark:text-slate-300">
              <th scope="col" className="w-10 px-3 py-2 text-left font-semibold">
                #
              </th>
              <th scope="col" className="min-w-[12rem] px-2 py-2 text-left font-semibold">
                {t('design')}
              </th>
              <th scope="col" className="w-36 px-2 py-2 text-left font-semibold">
                {t('condition')}
              </th>
              <th scope="col" className="w-32 px-2 py-2 text-right font-semibold">
                {t('grossWt')}
              </th>
              <th scope="col" className="w-32 px-2 py-2 text-right font-semibold">
                {t('netWt')}
              </th>
              <th scope="col" className="w-32 px-2 py-2 text-right font-semibold">
                {t('netValue')}
              </th>
              <th scope="col" className="w-40 px-2 py-2 text-left font-semibold">
                {t('remarks')}
              </th>
              <th scope="col" className="w-28 px-2 py-2 text-left font-semibold">
                {t('photo')}
              </th>
              <th scope="col" className="w-12 px-2 py-2">
                <span className="sr-only">{t('remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody ref={body} onKeyDown={onKeyDown}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={9} className="px-3 py-10 text-center text-slate-500 dark:text-slate-400">
                  {canAdd ? t('noItemsYet') : t('chooseFirst')}
                </td>
              </tr>
            ) : null}
            {rows.map((row, index) => {
              const n = index + 1;
              const errors = rowErrors[row.key] ?? {};
              const gross = readWeightText(row.gross);
              const net = readWeightText(row.net);
              const grossError = 'error' in gross ? gross.error : errors.gross_weight;
              const netError = 'error' in net ? net.error : errors.net_weight;
              const netMg = weightMg(row.net);
              const value = ratePaise !== null && netMg !== null ? itemValuePaise(netMg, ratePaise) : null;
              const id = (field: string) => `item-${row.key}-${field}`;
              return (
                <tr
                  key={row.key}
                  data-row={row.key}
                  className="border-b border-slate-100 align-top last:border-0 dark:border-navy-700"
                >
                  <td className="px-3 pt-4 text-slate-500 tabular-nums dark:text-slate-400">{n}</td>
                  <td className="px-2 py-1.5 [&_label]:sr-only">
                    <DesignPicker
                      id={id('design')}
                      label={t('designRow', { row: n })}
                      value={row.design}
                      error={errors.jewell_design_id}
                      onChange={(design) => onChange(row.key, { design })}
                    />
                  </td>
                  <td className="px-2 py-1.5">
                    <input
                      data-stop
                      aria-label={t('conditionRow', { row: n })}
                      maxLength={200}
                      className={`${cellInput} ${cellBorder(errors.jewell_condition)}`}
                      value={row.condition}
                      onChange={(e) => onChange(row.key, { condition: e.target.value })}
                    />
                    <CellError id={id('condition-error')} message={errors.jewell_condition} />
                  </td>
                  <td className="px-2 py-1.5">
                    <input
                      data-stop
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={t('grossRow', { row: n })}
                      aria-invalid={grossError ? true : undefined}
                      aria-describedby={grossError ? id('gross-error') : undefined}
                      className={`${cellInput} ${cellBorder(grossError)} text-right tabular-nums`}
                      value={row.gross}
                      onChange={(e) =>
                        // The weight copies to the net weight until the net is typed on its own (spec §9).
                        onChange(
                          row.key,
                          row.netTouched
                            ? { gross: e.target.value }
                            : { gross: e.target.value, net: e.target.value },
                        )
                      }
                    />
                    <CellError id={id('gross-error')} message={grossError} />
                  </td>
                  <td className="px-2 py-1.5">
                    <input
                      data-stop
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={t('netRow', { row: n })}
                      aria-invalid={netError ? true : undefined}
                      aria-describedby={netError ? id('net-error') : undefined}
                      className={`${cellInput} ${cellBorder(netError)} text-right tabular-nums`}
                      value={row.net}
                      onChange={(e) => onChange(row.key, { net: e.target.value, netTouched: true })}
                    />
                    <CellError id={id('net-error')} message={netError} />
                  </td>
                  <td
                    className="px-2 pt-4 text-right font-medium text-navy-700 tabular-nums dark:text-white"
                    data-testid={`net-value-${n}`}
                  >
                    {value === null ? '—' : formatRupees(value)}
                  </td>
                  <td className="px-2 py-1.5">
                    <input
                      data-stop
                      aria-label={t('remarksRow', { row: n })}
                      maxLength={500}
                      className={`${cellInput} ${cellBorder(errors.remarks)}`}
                      value={row.remarks}
                      onChange={(e) => onChange(row.key, { remarks: e.target.value })}
                    />
                    <CellError id={id('remarks-error')} message={errors.remarks} />
                  </td>
                  <td className="px-2 py-1.5">
                    <label className="flex cursor-pointer items-center gap-1.5 rounded-lg px-1 py-2 text-xs font-medium text-brand-600 focus-within:outline-2 focus-within:outline-brand-500 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-navy-700">
                      {row.imageUrl && !row.photo ? (
                        <img src={row.imageUrl} alt="" className="size-6 rounded object-cover" />
                      ) : (
                        <Icon name="plus" className="size-4" />
                      )}
                      <span className="max-w-[5rem] truncate" title={row.photo?.name}>
                        {row.photo ? row.photo.name : row.imageUrl ? t('replace') : t('photo')}
                      </span>
                      <input
                        type="file"
                        accept="image/*"
                        capture="environment"
                        aria-label={t('photoRow', { row: n })}
                        className="sr-only"
                        onChange={(e) => onChange(row.key, { photo: e.target.files?.[0] ?? null })}
                      />
                    </label>
                  </td>
                  <td className="px-2 py-1.5 text-center">
                    <button
                      type="button"
                      aria-label={t('removeItem', { row: n })}
                      onClick={() => onRemove(row.key)}
                      className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:bg-red-950/40"
                    >
                      <Icon name="close" className="size-4" />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {/* Room under the last row for its design list to open into. */}
        {rows.length > 0 ? <div aria-hidden="true" className="h-48" /> : null}
      </div>
    </div>
  );
}

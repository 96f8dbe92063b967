import {
  businessToday,
  formatIndianDate,
  isPlainDate,
  type PledgeView,
  type RenewalPaymentMethod,
  type RenewalSaved,
  type RenewPledgeFormInput,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField, SelectField } from '@/components/ui/form-field';
import { MoneyInput, moneyTextError } from '@/components/ui/money-input';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useFormSchemes } from '@/features/pledges/api/form-lookups';
import { usePledge } from '@/features/pledges/api/pledge-queries';
import { PAYOUT_METHODS } from '@/features/pledges/form/components/payout-section';
import { PledgeItemTable, type RowField } from '@/features/pledges/form/components/pledge-item-table';
import { payoutText } from '@/features/pledges/form/i18n';
import {
  emptyRow,
  type ItemRow,
  moneyForJson,
  weightForJson,
  weightMg,
} from '@/features/pledges/form/pledge-form-model';
import { formatWeight } from '@/features/pledges/list/components/pledge-status';
import { ApiError } from '@/lib/api-client';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { idFrom } from '@/lib/ids';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { DrawerPayoutNotice, useDrawerPayoutCheck } from '@/shared/cash-drawer/drawer-payout-notice';
import { useRenewalPreview, useSaveRenewal } from '../api/renewal-api';
import { RenewalPreviewPanel } from '../components/renewal-preview-panel';
import {
  missingApproval,
  NO_WEIGHT_APPROVAL,
  type WeightApproval,
  type WeightApprovalErrors,
  WeightApprovalFields,
} from '../components/weight-approval-fields';
import { renewalText } from '../i18n';

/** The page's messages in English (the tests find them by these); shown through `renewalText`. */
export const RENEW_TEXTS = {
  notFound: renewalText.en.notFound,
  failed: renewalText.en.failed,
  notRenewable: renewalText.en.notRenewable,
  saveFailed: renewalText.en.saveFailed,
} as const;

const inputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white';

/** A kept article of the old pledge: its weights as typed (the stored ones until weighed again). */
interface KeepRow {
  id: number;
  keep: boolean;
  gross: string;
  net: string;
}

const keepRowsOf = (pledge: PledgeView): KeepRow[] =>
  pledge.items.map((i) => ({
    id: i.pledge_item_id,
    keep: true,
    gross: String(i.gross_weight),
    net: String(i.net_weight),
  }));

/** The request body from the form, or null while something typed cannot be sent yet. */
function bodyOf(state: FormState): RenewPledgeFormInput | null {
  const keep = state.keepRows.filter((r) => r.keep);
  const add = state.addRows.filter((r) => r.design || r.gross || r.net);
  if (keep.length + add.length === 0) return null;
  if (keep.some((r) => weightMg(r.gross) === null || weightMg(r.net) === null)) return null;
  if (add.some((r) => !r.design || weightMg(r.gross) === null || weightMg(r.net) === null)) return null;
  if (moneyTextError(state.loan, { aboveZero: true }) || !state.loan.trim()) return null;
  if (moneyTextError(state.charges)) return null;
  if (!isPlainDate(state.renewalDate)) return null;
  return {
    renewal_date: state.renewalDate,
    ...(state.schemeId ? { scheme_id: state.schemeId } : {}),
    items: {
      keep: keep.map((r) => ({
        pledge_item_id: r.id,
        gross_weight: weightForJson(r.gross),
        net_weight: weightForJson(r.net),
      })),
      add: add.map((r) => ({
        jewell_design_id: r.design!.id,
        gross_weight: weightForJson(r.gross),
        net_weight: weightForJson(r.net),
        jewell_condition: r.condition.trim() || null,
        remarks: r.remarks.trim() || null,
      })),
    },
    total_loan_amount: moneyForJson(state.loan),
    document_charges: state.charges.trim() ? moneyForJson(state.charges) : 0,
    payment_method: state.method,
    payment_reference: state.method === 'cash' ? null : state.reference.trim() || null,
    cash_limit_confirmed: state.confirmed,
  };
}

interface FormState {
  renewalDate: string;
  schemeId: number | null;
  keepRows: KeepRow[];
  addRows: ItemRow[];
  loan: string;
  charges: string;
  method: RenewalPaymentMethod;
  reference: string;
  confirmed: boolean;
}

/** The body a preview was last asked for, a moment after the typing stops. */
function useSettled<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text stands for the value.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

function RenewForm({ pledge }: { pledge: PledgeView }) {
  const t = useT(renewalText);
  const tp = useT(payoutText);
  const messageText = useMessageText();
  const messageTextOf = (m: string | null | undefined) => (m ? messageText(m) : m);
  const schemes = useFormSchemes();
  const [state, setState] = useState<FormState>(() => ({
    renewalDate: businessToday(),
    schemeId: pledge.scheme_id,
    keepRows: keepRowsOf(pledge),
    addRows: [],
    loan: String(pledge.total_loan_amount),
    charges: String(pledge.document_charges),
    method: 'cash',
    reference: '',
    confirmed: false,
  }));
  const [rowErrors, setRowErrors] = useState<Record<string, Partial<Record<RowField, string>>>>({});
  const [saved, setSaved] = useState<RenewalSaved | null>(null);
  const set = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  const body = useMemo(() => bodyOf(state), [state]);
  const settled = useSettled(body);
  const preview = useRenewalPreview(pledge.pledge_id, settled);
  const save = useSaveRenewal();
  // The drawer rules of the cash handed over.
  const drawerPayout = useDrawerPayoutCheck({
    amountPaise: preview.data ? rupeesToPaise(preview.data.cash_to_customer) : 0,
    method: state.method,
    date: state.renewalDate,
  });
  const submission = useIdempotentSubmit();
  const { user } = useSession();
  const admin = isAdmin(user);
  const [approval, setApproval] = useState<WeightApproval>(NO_WEIGHT_APPROVAL);
  const [approvalErrors, setApprovalErrors] = useState<WeightApprovalErrors>({});
  // The figures on the panel are those of the form only when nothing was typed since they were asked
  // for and their answer is in (the panel showed the figures of a loan typed before,
  // '(updating…)', while Save sent the new loan). Save needs them, and sends the body they were for.
  const isSettled = body !== null && JSON.stringify(body) === JSON.stringify(settled);
  const current =
    isSettled && !preview.isPlaceholderData && !preview.isFetching && !preview.isError
      ? (preview.data ?? null)
      : null;
  const increases = preview.data?.weight_increases ?? [];
  const heavier = new Set(increases.map((w) => w.pledge_item_id));

  const errors: Record<string, string> = useMemo(
    () => ({
      ...(preview.error instanceof ApiError ? preview.error.fieldMessages() : {}),
      ...(save.error instanceof ApiError ? save.error.fieldMessages() : {}),
    }),
    [preview.error, save.error],
  );
  const ratePaise = preview.data ? Math.round(preview.data.new_pledge.rate_per_gram * 100) : null;
  const keptCount = state.keepRows.filter((r) => r.keep).length;
  // Server messages of added rows, by row key (the body lists only the rows with something typed).
  const addErrors = useMemo(() => {
    const out: Record<string, Partial<Record<RowField, string>>> = { ...rowErrors };
    const sent = state.addRows.filter((r) => r.design || r.gross || r.net);
    sent.forEach((row, i) => {
      for (const f of ['jewell_design_id', 'gross_weight', 'net_weight'] as const) {
        const msg = errors[`items.add.${i}.${f}`];
        if (msg) out[row.key] = { ...out[row.key], [f]: msg };
      }
    });
    return out;
  }, [errors, rowErrors, state.addRows]);

  const onSave = () => {
    if (!current || !settled) return;
    const needsApproval = current.weight_increases.length > 0;
    if (needsApproval) {
      const missing = missingApproval(approval, admin);
      setApprovalErrors(missing);
      if (Object.keys(missing).length > 0) return;
    }
    const approver =
      needsApproval && !admin ? { username: approval.username.trim(), password: approval.password } : null;
    const sent: RenewPledgeFormInput = {
      ...settled,
      // The cash the clerk read on the panel: the server refuses the save if its own differs.
      expected_cash_to_customer: current.cash_to_customer,
      expected_cash_from_customer: current.cash_from_customer,
      ...(needsApproval ? { weight_increase_reason: approval.reason.trim() } : {}),
      ...(approver ? { approver } : {}),
    };
    const forgetPassword = () => {
      if (approver) approver.password = '';
      setApproval((a) => ({ ...a, password: '' }));
    };
    // The retry key is held as text: the approver's name goes in it, never the password.
    submission.send(
      approver ? { ...sent, approver: { username: approver.username } } : sent,
      (idempotencyKey) => save.mutateAsync({ pledgeId: pledge.pledge_id, body: sent, idempotencyKey }),
      {
        onSuccess: (renewal) => {
          setSaved(renewal);
          forgetPassword();
        },
        onError: (error) => {
          // The figures moved on the server since the preview: ask for them again.
          if (error instanceof ApiError && error.code === 'FIGURES_CHANGED') void preview.refetch();
          forgetPassword();
        },
      },
    );
  };

  if (saved) {
    return (
      <section
        aria-label={t('renewalSaved')}
        className="space-y-3 rounded-2xl border border-green-200 bg-green-50 p-5 dark:border-green-900 dark:bg-green-950/40"
      >
        <h3 className="text-lg font-bold text-green-800 dark:text-green-200">
          {t.rich('renewedAs', {
            old: saved.old_pledge.pledge_no,
            pledge: saved.new_pledge_view.pledge_no,
            new: (chunks: ReactNode[]) => (
              <span key="new" data-testid="renewal-new-pledge-no">
                {chunks}
              </span>
            ),
          })}
        </h3>
        <p className="text-sm text-green-900 dark:text-green-100" data-testid="renewal-saved-cash">
          {messageText(saved.cash_statement)}
        </p>
        <p className="text-sm text-green-900 dark:text-green-100">
          {t('savedVouchers', {
            receipt: saved.receipt_no,
            closeVoucher: saved.close_voucher.voucher_number,
            openVoucher: saved.open_voucher.voucher_number,
          })}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link
            to={`/pledge/print/${saved.new_pledge_view.pledge_id}?kind=full`}
            className="inline-flex items-center rounded-xl bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600"
          >
            {t('printTicket')}
          </Link>
          <Link
            to={`/pledge/receipt/${saved.receipt_id}`}
            className="inline-flex items-center rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
          >
            {t('receipt', { receipt: saved.receipt_no })}
          </Link>
          <Link
            to={`/pledges?view=${saved.new_pledge_view.pledge_id}`}
            className="inline-flex items-center rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
          >
            {t('backToPledges')}
          </Link>
        </div>
      </section>
    );
  }

  const saveFailure =
    save.error && !(save.error instanceof ApiError && save.error.status === 422)
      ? save.error instanceof ApiError
        ? save.error.message
        : t('saveFailed')
      : null;
  const previewFailure =
    preview.error && !(preview.error instanceof ApiError && preview.error.status === 422)
      ? preview.error instanceof ApiError
        ? preview.error.message
        : t('saveFailed')
      : null;
  const generalErrors = [errors[''], errors.items, errors.customer_id].filter(Boolean);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <section
          aria-label={t('renewal')}
          className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-2 dark:bg-navy-800"
        >
          <DateField
            label={t('renewalDate')}
            value={state.renewalDate}
            max={businessToday()}
            error={errors.renewal_date}
            onChange={(e) => set({ renewalDate: e.target.value })}
          />
          <SelectField
            label={t('scheme')}
            value={state.schemeId ?? ''}
            error={errors.scheme_id}
            onChange={(e) => set({ schemeId: Number(e.target.value) || null })}
          >
            {(schemes.data ?? [])
              .filter((s) => s.status || s.id === pledge.scheme_id)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.scheme_name}
                </option>
              ))}
            {schemes.data ? null : <option value={pledge.scheme_id}>{pledge.scheme_name}</option>}
          </SelectField>
        </section>

        <section
          aria-label={t('oldArticles')}
          className="space-y-3 rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800"
        >
          <h3 className="text-sm font-bold text-navy-700 dark:text-white">
            {t('oldArticlesTitle', { pledge: pledge.pledge_no })}
          </h3>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 dark:text-slate-400 uppercase">
                  <th scope="col" className="px-2 py-2">
                    {t('keep')}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    {t('design')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('grossG')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('netG')}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    {t('stored')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.keepRows.map((row, i) => {
                  const item = pledge.items.find((x) => x.pledge_item_id === row.id)!;
                  const index = state.keepRows.filter((r, k) => r.keep && k < i).length;
                  const change = (patch: Partial<KeepRow>) =>
                    set({ keepRows: state.keepRows.map((r) => (r.id === row.id ? { ...r, ...patch } : r)) });
                  return (
                    <tr key={row.id} className="border-b border-slate-100 last:border-0">
                      <td className="px-2 py-2">
                        <label className="inline-flex items-center gap-2 text-xs font-semibold">
                          <input
                            type="checkbox"
                            checked={row.keep}
                            onChange={(e) => change({ keep: e.target.checked })}
                            aria-label={t('keepLabel', { design: item.design_name })}
                          />
                          {row.keep ? t('keep') : t('return')}
                        </label>
                      </td>
                      <td className="px-2 py-2 font-semibold">{item.design_name}</td>
                      <td className="px-2 py-2">
                        <input
                          className={`${inputClass} text-right`}
                          inputMode="decimal"
                          disabled={!row.keep}
                          aria-label={t('grossOf', { design: item.design_name })}
                          value={row.gross}
                          onChange={(e) => change({ gross: e.target.value })}
                        />
                        {row.keep && errors[`items.keep.${index}.gross_weight`] ? (
                          <p className="mt-1 text-xs text-red-600 dark:text-red-400">
                            {messageText(errors[`items.keep.${index}.gross_weight`]!)}
                          </p>
                        ) : null}
                      </td>
                      <td className="px-2 py-2">
                        <input
                          className={`${inputClass} text-right`}
                          inputMode="decimal"
                          disabled={!row.keep}
                          aria-label={t('netOf', { design: item.design_name })}
                          value={row.net}
                          onChange={(e) => change({ net: e.target.value })}
                        />
                        {row.keep && errors[`items.keep.${index}.net_weight`] ? (
                          <p className="mt-1 text-xs text-red-600 dark:text-red-400">
                            {messageText(errors[`items.keep.${index}.net_weight`]!)}
                          </p>
                        ) : null}
                      </td>
                      <td className="px-2 py-2 text-xs text-slate-500 dark:text-slate-400">
                        {formatWeight(item.gross_weight)} / {formatWeight(item.net_weight)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {/* Below the table, which scrolls sideways on a narrow screen: the note is read whole. */}
          {state.keepRows
            .filter((row) => row.keep && heavier.has(row.id))
            .map((row) => {
              const item = pledge.items.find((x) => x.pledge_item_id === row.id)!;
              return (
                <p key={row.id} className="text-sm font-semibold text-amber-800 dark:text-amber-300">
                  {item.design_name}:{' '}
                  {t('heavierThanStored', {
                    stored: `${formatWeight(item.gross_weight)} / ${formatWeight(item.net_weight)}`,
                  })}
                </p>
              );
            })}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('keptSummary', {
              kept: String(keptCount),
              returned: String(state.keepRows.length - keptCount),
            })}
          </p>
        </section>

        <section
          aria-label={t('articlesAdded')}
          className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800"
        >
          {state.addRows.length === 0 ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('noNewArticles')}</p>
              <Button variant="secondary" onClick={() => setState((s) => ({ ...s, addRows: [emptyRow()] }))}>
                {t('addArticle')}
              </Button>
            </div>
          ) : (
            <PledgeItemTable
              rows={state.addRows}
              ratePaise={ratePaise}
              canAdd
              info={<span className="text-sm font-bold">{t('newArticles')}</span>}
              rowErrors={addErrors}
              onChange={(key, patch) => {
                setState((s) => ({
                  ...s,
                  addRows: s.addRows.map((r) => {
                    if (r.key !== key) return r;
                    const next = { ...r, ...patch };
                    if (patch.gross !== undefined && !r.netTouched) next.net = patch.gross;
                    return next;
                  }),
                }));
                setRowErrors((e) => {
                  const { [key]: _, ...rest } = e;
                  return rest;
                });
              }}
              onAdd={() => {
                const row = emptyRow();
                setState((s) => ({ ...s, addRows: [...s.addRows, row] }));
                return row.key;
              }}
              onRemove={(key) => setState((s) => ({ ...s, addRows: s.addRows.filter((r) => r.key !== key) }))}
            />
          )}
        </section>

        <section
          aria-label={t('newLoan')}
          className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-2 dark:bg-navy-800"
        >
          <div>
            <label htmlFor="renew-loan" className="mb-1.5 block text-sm font-medium">
              {t('newLoanAmount')}
            </label>
            <MoneyInput
              id="renew-loan"
              className={inputClass}
              value={state.loan}
              error={messageTextOf(
                moneyTextError(state.loan, { aboveZero: true }) ?? errors.total_loan_amount,
              )}
              onChange={(e) => set({ loan: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="renew-charges" className="mb-1.5 block text-sm font-medium">
              {t('documentCharges')}
            </label>
            <MoneyInput
              id="renew-charges"
              className={inputClass}
              value={state.charges}
              error={messageTextOf(moneyTextError(state.charges) ?? errors.document_charges)}
              onChange={(e) => set({ charges: e.target.value })}
            />
          </div>
          <SelectField
            label={t('paymentMethod')}
            value={state.method}
            error={errors.payment_method}
            onChange={(e) => set({ method: e.target.value as RenewalPaymentMethod })}
          >
            {PAYOUT_METHODS.map((m) => (
              <option key={m.value} value={m.value}>
                {tp(m.labelKey)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('paymentReference')}
            maxLength={100}
            autoComplete="off"
            disabled={state.method === 'cash'}
            placeholder={state.method === 'cash' ? t('notNeededForCash') : t('referencePlaceholder')}
            value={state.method === 'cash' ? '' : state.reference}
            error={errors.payment_reference}
            onChange={(e) => set({ reference: e.target.value })}
          />
          {preview.data?.cash_limit_reached || errors.cash_limit_confirmed ? (
            <label className="flex items-start gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                checked={state.confirmed}
                onChange={(e) => set({ confirmed: e.target.checked })}
              />
              <span>
                {t('cashLimitConfirm')}
                {errors.cash_limit_confirmed ? (
                  <span className="block text-xs text-red-600 dark:text-red-400">
                    {messageText(errors.cash_limit_confirmed)}
                  </span>
                ) : null}
              </span>
            </label>
          ) : null}
          <DrawerPayoutNotice check={drawerPayout} className="sm:col-span-2" />
        </section>

        {increases.length > 0 ? (
          <WeightApprovalFields
            isAdmin={admin}
            value={approval}
            errors={{
              ...approvalErrors,
              ...(errors.weight_increase_reason ? { reason: errors.weight_increase_reason } : {}),
              ...(errors.approver || errors['approver.username']
                ? { username: errors.approver ?? errors['approver.username'] }
                : {}),
              ...(errors['approver.password'] ? { password: errors['approver.password'] } : {}),
              ...(save.error instanceof ApiError && save.error.status === 429
                ? { password: save.error.message }
                : {}),
            }}
            onChange={(patch) => {
              setApproval((a) => ({ ...a, ...patch }));
              setApprovalErrors((e) => {
                const next = { ...e };
                for (const k of Object.keys(patch) as (keyof WeightApproval)[]) delete next[k];
                return next;
              });
            }}
          />
        ) : null}

        {generalErrors.length > 0 || saveFailure || previewFailure ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {[...generalErrors, saveFailure ?? previewFailure]
              .filter((m): m is string => Boolean(m))
              .map((m) => messageText(m))
              .join(' ')}
          </p>
        ) : null}

        <div className="flex flex-wrap gap-3">
          <Button onClick={onSave} disabled={current === null || save.isPending || drawerPayout.blocked}>
            {save.isPending ? t('saving') : t('saveRenewal')}
          </Button>
          <Link
            to="/pledges"
            className="inline-flex items-center rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
          >
            {t('cancel')}
          </Link>
        </div>
      </div>
      <RenewalPreviewPanel
        preview={preview.data ?? null}
        loading={body !== null && current === null && !preview.isError}
        stale={current === null}
        hasBody={body !== null}
      />
    </div>
  );
}

const isRenewable = (p: PledgeView) => p.closed_date === null && p.status === 'active' && !p.is_move_to_bank;

/** /pledge/renew/{pledgeId}: renew a pledge, with a top-up or the customer adding cash. */
export function RenewPledgePage() {
  const t = useT(renewalText);
  const { pledgeId: param } = useParams();
  const pledgeId = idFrom(param);
  const pledge = usePledge(pledgeId);
  // The pledge as the form opened on it: once saved, the old pledge reads closed, and the form stays
  // to show what was saved.
  const opened = useRef<PledgeView | null>(null);
  if (!opened.current && pledge.data && isRenewable(pledge.data)) opened.current = pledge.data;
  const shown = opened.current ?? pledge.data;
  let content: React.ReactNode;
  if (pledgeId === null) content = <p role="alert">{t('notFound')}</p>;
  else if (opened.current) content = <RenewForm key={opened.current.pledge_id} pledge={opened.current} />;
  else if (pledge.isPending) content = <Spinner label={t('loadingPledge')} className="py-24" />;
  else if (pledge.isError)
    content = (
      <p
        role="alert"
        className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        {pledge.error instanceof ApiError && pledge.error.status === 404 ? t('notFound') : t('failed')}
      </p>
    );
  else
    content = (
      <p
        role="alert"
        className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
      >
        {t('notRenewable')}
      </p>
    );
  return (
    <div className="space-y-4">
      {shown ? (
        <p className="text-sm font-semibold text-navy-700 dark:text-white" data-testid="renew-pledge-no">
          {t('pledgeLine', {
            pledge: shown.pledge_no,
            customer: shown.customer_name,
            date: formatIndianDate(shown.pledge_date),
            loan: formatRupeeAmount(shown.total_loan_amount),
          })}
        </p>
      ) : null}
      {content}
    </div>
  );
}

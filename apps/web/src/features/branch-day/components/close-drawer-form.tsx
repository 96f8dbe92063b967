import {
  type CashDrawer,
  type CloseCashDrawerInput,
  closeCashDrawerSchema,
  drawerDifference,
  formatRupees,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { serverFieldMessages } from '@/lib/form-errors';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCloseDrawer } from '../api/cash-drawer-api';
import { type DenominationText, emptyDenominationText, readDenominations } from '../denomination-model';
import { cashDrawerText } from '../i18n';
import { DenominationGrid } from './denomination-grid';
import { denominationErrors } from './open-drawer-form';

/**
 * The difference as the clerk types (counted − expected, the domain's `drawerDifference`): a
 * shortage in red, an excess in amber, a match in green.
 */
export function DifferenceLine({ differencePaise }: { differencePaise: number }) {
  const t = useT(cashDrawerText);
  const kind = differencePaise === 0 ? 'match' : differencePaise < 0 ? 'shortage' : 'excess';
  const styles = {
    match: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200',
    shortage: 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200',
    excess: 'bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100',
  } as const;
  const text =
    kind === 'match'
      ? t('matches')
      : t(kind === 'shortage' ? 'shortage' : 'excess', { amount: formatRupees(Math.abs(differencePaise)) });
  return (
    <p
      className={`rounded-xl px-4 py-3 text-sm font-semibold ${styles[kind]}`}
      data-testid="drawer-difference"
      aria-live="polite"
    >
      {text}
    </p>
  );
}

/**
 * The close of a drawer: the notes counted again, the difference from the books as
 * it is typed, remarks, and when there is a difference and the clerk is no admin, the approving
 * admin's username and password (the server checks them; a wrong password comes back on its field).
 */
export function CloseDrawerForm({
  drawer,
  isAdmin,
  onClosed,
}: {
  drawer: CashDrawer;
  isAdmin: boolean;
  onClosed?: (drawer: CashDrawer) => void;
}) {
  const t = useT(cashDrawerText);
  const messageText = useMessageText();
  const [grid, setGrid] = useState<DenominationText>(emptyDenominationText);
  const [remarks, setRemarks] = useState('');
  const [approver, setApprover] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submission = useIdempotentSubmit();
  const close = useCloseDrawer();
  const { showToast } = useToast();

  const read = readDenominations(grid);
  const { differencePaise } = drawerDifference({
    expectedPaise: rupeesToPaise(drawer.expected),
    countedPaise: read.totalPaise,
  });
  const needsApprover = differencePaise !== 0 && !isAdmin;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (close.isPending) return;
    setFormError(null);
    const found: Record<string, string> = {};
    if (needsApprover) {
      if (approver.username.trim() === '') found['approver.username'] = t('enterApproverUsername');
      if (approver.password === '') found['approver.password'] = t('enterApproverPassword');
    }
    setErrors(found);
    if (Object.keys(read.errors).length > 0 || Object.keys(found).length > 0) {
      setFormError(t('fixFields'));
      return;
    }
    const body: CloseCashDrawerInput = {
      business_date: drawer.business_date,
      denominations: read.denominations,
      remarks: remarks.trim() === '' ? null : remarks.trim(),
      approver: needsApprover ? { username: approver.username.trim(), password: approver.password } : null,
    };
    const parsed = closeCashDrawerSchema.safeParse(body);
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? t('closeFailed'));
      return;
    }
    // The key follows what is counted and who approves, never the approver's password: the form's
    // key stays in memory until the drawer is closed.
    const keyed = { ...parsed.data, approver: parsed.data.approver?.username ?? null };
    submission.send(keyed, (idempotencyKey) => close.mutateAsync({ values: parsed.data, idempotencyKey }), {
      onSuccess: (closed) => {
        showToast({ type: 'success', title: t('success'), message: t('closed') });
        onClosed?.(closed);
      },
      onError: (error) => {
        const fields = serverFieldMessages(error);
        const placed: Record<string, string> = {};
        for (const [path, message] of Object.entries(fields)) {
          if (path.startsWith('approver') || path === 'remarks') {
            placed[path === 'approver' ? 'approver.username' : path] = message;
          }
        }
        setErrors(placed);
        const onGrid = Object.keys(fields).some((f) => f.startsWith('denominations.'));
        if (Object.keys(placed).length === 0 && !onGrid) {
          setFormError(errorMessage(error, t('closeFailed')));
        }
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="close-drawer-title" className="space-y-4">
      <h2 id="close-drawer-title" className="text-lg font-bold text-navy-700 dark:text-white">
        {t('closeDrawer')}
      </h2>
      <FormError message={formError === null ? null : messageText(formError)} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DenominationGrid
          caption={t('countedAtClose')}
          totalLabel={t('countedTotal')}
          value={grid}
          onChange={setGrid}
          serverErrors={denominationErrors(close.error)}
        />
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-600 dark:text-slate-300">{t('expected')}</dt>
              <dd
                className="text-lg font-semibold text-navy-700 tabular-nums dark:text-white"
                data-testid="close-expected"
              >
                {formatRupees(rupeesToPaise(drawer.expected))}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">{t('counted')}</dt>
              <dd
                className="text-lg font-semibold text-navy-700 tabular-nums dark:text-white"
                data-testid="close-counted"
              >
                {formatRupees(read.totalPaise)}
              </dd>
            </div>
          </dl>
          <DifferenceLine differencePaise={differencePaise} />
          {needsApprover ? (
            <fieldset
              className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-navy-600"
              data-testid="approver-fields"
            >
              <legend className="px-1 text-sm font-semibold text-navy-700 dark:text-white">
                {t('adminApproval')}
              </legend>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('approvalNeeded')}</p>
              <TextField
                label={t('approverUsername')}
                autoComplete="off"
                maxLength={150}
                value={approver.username}
                error={errors['approver.username']}
                onChange={(e) => setApprover((a) => ({ ...a, username: e.target.value }))}
              />
              <TextField
                label={t('approverPassword')}
                type="password"
                autoComplete="off"
                maxLength={256}
                value={approver.password}
                error={errors['approver.password']}
                onChange={(e) => setApprover((a) => ({ ...a, password: e.target.value }))}
              />
            </fieldset>
          ) : differencePaise !== 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('adminApproves')}</p>
          ) : null}
          <TextField
            label={t('closeRemarks')}
            maxLength={500}
            value={remarks}
            error={errors.remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
          <Button type="submit" disabled={close.isPending}>
            {close.isPending ? t('closing') : t('closeDrawer')}
          </Button>
        </div>
      </div>
    </form>
  );
}

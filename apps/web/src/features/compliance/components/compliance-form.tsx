import {
  type CashLimitMode,
  COMPLIANCE_REGIME_LABELS,
  COMPLIANCE_REGIMES,
  type ComplianceRegime,
  type ComplianceSettingsView,
  formatIndianDate,
  RBI_DEFAULT_RULES_JSON,
} from '@pledge-desk/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DateField, FormError, SelectField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toasts';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { serverFieldMessages } from '../../../lib/form-errors';
import { useSaveCompliance } from '../api/compliance-settings';
import { TextBox } from './compliance-fields';
import {
  type ComplianceText,
  complianceText,
  fieldPaths,
  type RbiText,
  rbiText,
  readComplianceForm,
} from './compliance-form-values';
import { LtvTiersTable } from './ltv-tiers-table';

const card = 'rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800';

const APPROVAL_HELP = 'A discount or penalty above this needs an admin’s approval; 0 means every one';

/** Every path the form shows a message under; a server message about anything else goes above it. */
function isShownPath(path: string): boolean {
  return (
    Object.values(fieldPaths).some((p) => typeof p === 'string' && p === path) ||
    /^rbi_rules\.ltv_tiers\.\d+\.(up_to|percent)$/.test(path)
  );
}

function Card({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={card}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-navy-700 dark:text-white">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Where the saved licence stands (the banner above says it in full while it expires). */
function standingText(view: ComplianceSettingsView): string {
  const on = view.licence_expiry ? formatIndianDate(view.licence_expiry) : '';
  switch (view.licence_state) {
    case 'valid':
      return `Valid until ${on}.`;
    case 'expiring':
      return `Expires on ${on}: no new pledge can be made after it expires.`;
    case 'expired':
      return `Expired on ${on}: no new pledge can be made until it is renewed.`;
    default:
      return 'No expiry recorded.';
  }
}

function LicenceStanding({ view }: { view: ComplianceSettingsView }) {
  const tone =
    view.licence_state === 'expired'
      ? 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-100'
      : view.licence_state === 'expiring'
        ? 'bg-amber-50 text-amber-900 dark:bg-amber-500/15 dark:text-amber-100'
        : 'bg-slate-100 text-slate-700 dark:bg-navy-700 dark:text-slate-200';
  return (
    <p data-testid="licence-standing" className={`rounded-xl px-3 py-2 text-sm ${tone}`}>
      {standingText(view)}
    </p>
  );
}

/**
 * The compliance settings of the branch (issue 16 item 1), for an admin: the regime, the licence, the
 * limits every counter screen checks and the RBI regime's numbers. Checked with the domain's schema
 * before it goes; the server's 422 messages land under the fields they name.
 */
export function ComplianceForm({ view }: { view: ComplianceSettingsView }) {
  const save = useSaveCompliance();
  const { showToast } = useToast();
  const [text, setText] = useState<ComplianceText>(() => complianceText(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof ComplianceText>(key: K, value: ComplianceText[K], path: string) => {
    setText((t) => ({ ...t, [key]: value }));
    setErrors(({ [path]: _, ...rest }) => rest);
  };
  const setRbi = <K extends keyof RbiText>(key: K, value: RbiText[K], path: string) => {
    setText((t) => ({ ...t, rbi: { ...t.rbi, [key]: value } }));
    setErrors(({ [path]: _, ...rest }) => rest);
  };
  const clearRbiErrors = () =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([p]) => !p.startsWith('rbi_rules'))));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const read = readComplianceForm(text);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    save.mutate(read.values, {
      onSuccess: () => showToast({ type: 'success', title: 'Success', message: 'Compliance settings saved' }),
      onError: (error) => {
        const fields = serverFieldMessages(error);
        const shown = Object.fromEntries(Object.entries(fields).filter(([path]) => isShownPath(path)));
        setErrors(shown);
        const others = Object.entries(fields).filter(([path]) => !isShownPath(path));
        if (Object.keys(shown).length === 0) {
          setFormError(errorMessage(error, 'Failed to save the compliance settings'));
        } else if (others.length > 0) {
          setFormError(others.map(([path, msg]) => (path ? `${path}: ${msg}` : msg)).join('; '));
        }
      },
    });
  };

  const isRbi = text.regime === 'rbi';

  return (
    <form noValidate aria-label="Compliance settings" onSubmit={onSubmit} className="space-y-5">
      <FormError message={formError} />
      <Card title="Licence and regime">
        <div className="grid gap-4 md:grid-cols-3">
          <SelectField
            label="Regime"
            value={text.regime}
            error={errors[fieldPaths.regime]}
            onChange={(e) => set('regime', e.target.value as ComplianceRegime, fieldPaths.regime)}
          >
            {COMPLIANCE_REGIMES.map((regime) => (
              <option key={regime} value={regime}>
                {COMPLIANCE_REGIME_LABELS[regime]}
              </option>
            ))}
          </SelectField>
          <TextBox
            label="Licence Number"
            value={text.licenceNumber}
            error={errors[fieldPaths.licenceNumber]}
            onChange={(e) => set('licenceNumber', e.target.value, fieldPaths.licenceNumber)}
          />
          <DateField
            label="Licence Expiry"
            value={text.licenceExpiry}
            error={errors[fieldPaths.licenceExpiry]}
            onChange={(e) => set('licenceExpiry', e.target.value, fieldPaths.licenceExpiry)}
          />
        </div>
        <div className="mt-4">
          <LicenceStanding view={view} />
        </div>
      </Card>

      <Card title="Limits">
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <TextBox
            label="Interest Ceiling (% per month)"
            inputMode="decimal"
            align="right"
            help="Empty means no ceiling."
            value={text.interestCeiling}
            error={errors[fieldPaths.interestCeiling]}
            onChange={(e) => set('interestCeiling', e.target.value, fieldPaths.interestCeiling)}
          />
          <TextBox
            label="Cash Limit (₹)"
            inputMode="decimal"
            align="right"
            value={text.cashLimit}
            error={errors[fieldPaths.cashLimit]}
            onChange={(e) => set('cashLimit', e.target.value, fieldPaths.cashLimit)}
          />
          <SelectField
            label="Cash Limit Mode"
            value={text.cashLimitMode}
            error={errors[fieldPaths.cashLimitMode]}
            onChange={(e) => set('cashLimitMode', e.target.value as CashLimitMode, fieldPaths.cashLimitMode)}
          >
            <option value="warn">Warn</option>
            <option value="block">Block</option>
          </SelectField>
          <TextBox
            label="Approval Threshold (₹)"
            inputMode="decimal"
            align="right"
            help={APPROVAL_HELP}
            value={text.approvalThreshold}
            error={errors[fieldPaths.approvalThreshold]}
            onChange={(e) => set('approvalThreshold', e.target.value, fieldPaths.approvalThreshold)}
          />
        </div>
      </Card>

      <Card
        title="RBI rules"
        aside={
          <span
            data-testid="rbi-applies"
            className={`rounded-full px-3 py-1 text-xs font-semibold ${
              isRbi
                ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
                : 'bg-slate-100 text-slate-700 dark:bg-navy-700 dark:text-slate-200'
            }`}
          >
            {isRbi ? 'In force for this branch' : 'Not in force for this branch'}
          </span>
        }
      >
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
          These apply only when the regime is RBI-regulated lender.
        </p>
        <h3 className="mb-2 text-sm font-bold text-navy-700 dark:text-white">Loan-to-value tiers</h3>
        <p className="mb-3 text-xs text-slate-600 dark:text-slate-300">
          By the borrower’s total gold loans in the company, this loan included.
        </p>
        <LtvTiersTable
          tiers={text.rbi.tiers}
          errors={errors}
          onChange={(tiers) => {
            setText((t) => ({ ...t, rbi: { ...t.rbi, tiers } }));
            setErrors((e) =>
              Object.fromEntries(Object.entries(e).filter(([p]) => !p.startsWith(fieldPaths.tiers))),
            );
          }}
        />
        <div className="mt-5 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <TextBox
            label="Longest term for one-sum loans (months)"
            inputMode="numeric"
            align="right"
            value={text.rbi.bulletMaxMonths}
            error={errors[fieldPaths.bulletMaxMonths]}
            onChange={(e) => setRbi('bulletMaxMonths', e.target.value, fieldPaths.bulletMaxMonths)}
          />
          <TextBox
            label="Days of the average rate"
            inputMode="numeric"
            align="right"
            value={text.rbi.averageDays}
            error={errors[fieldPaths.averageDays]}
            onChange={(e) => setRbi('averageDays', e.target.value, fieldPaths.averageDays)}
          />
        </div>
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-bold text-navy-700 dark:text-white">
            Weight limits per borrower
          </legend>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
            <TextBox
              label="Gold ornaments (g)"
              inputMode="decimal"
              align="right"
              value={text.rbi.goldOrnaments}
              error={errors[fieldPaths.goldOrnaments]}
              onChange={(e) => setRbi('goldOrnaments', e.target.value, fieldPaths.goldOrnaments)}
            />
            <TextBox
              label="Gold coins (g)"
              inputMode="decimal"
              align="right"
              value={text.rbi.goldCoins}
              error={errors[fieldPaths.goldCoins]}
              onChange={(e) => setRbi('goldCoins', e.target.value, fieldPaths.goldCoins)}
            />
            <TextBox
              label="Silver ornaments (g)"
              inputMode="decimal"
              align="right"
              value={text.rbi.silverOrnaments}
              error={errors[fieldPaths.silverOrnaments]}
              onChange={(e) => setRbi('silverOrnaments', e.target.value, fieldPaths.silverOrnaments)}
            />
            <TextBox
              label="Silver coins (g)"
              inputMode="decimal"
              align="right"
              value={text.rbi.silverCoins}
              error={errors[fieldPaths.silverCoins]}
              onChange={(e) => setRbi('silverCoins', e.target.value, fieldPaths.silverCoins)}
            />
          </div>
        </fieldset>
        <div className="mt-5">
          <Button
            variant="secondary"
            onClick={() => {
              setText((t) => ({ ...t, rbi: rbiText(RBI_DEFAULT_RULES_JSON) }));
              clearRbiErrors();
            }}
          >
            Reset to the RBI Directions' numbers
          </Button>
        </div>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save compliance settings'}
        </Button>
      </div>
    </form>
  );
}

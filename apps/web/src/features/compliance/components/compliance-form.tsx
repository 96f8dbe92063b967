import {
  type CashLimitMode,
  COMPLIANCE_REGIMES,
  type ComplianceRegime,
  type ComplianceSettingsView,
  defaultPanRule,
  formatIndianDate,
  type KycIncompleteMode,
  paiseToRupees,
  RBI_DEFAULT_RULES_JSON,
} from '@pledge-desk/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateField, FormError, SelectField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { serverFieldMessages } from '@/lib/form-errors';
import { formatAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSaveCompliance } from '../api/compliance-settings';
import { type ComplianceKey, complianceSettingsText, DEFAULT_FOR_KEYS, REGIME_KEYS } from '../i18n';
import { TextBox } from './compliance-fields';
import {
  type ComplianceText,
  complianceText,
  fieldPaths,
  type RbiText,
  rbiText,
  readComplianceForm,
  rupeeText,
} from './compliance-form-values';
import { LtvTiersTable } from './ltv-tiers-table';

const card = 'rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800';

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
function standingText(t: Translate<ComplianceKey>, view: ComplianceSettingsView): string {
  const on = view.licence_expiry ? formatIndianDate(view.licence_expiry) : '';
  switch (view.licence_state) {
    case 'valid':
      return t('validUntil', { date: on });
    case 'expiring':
      return t('expiresOn', { date: on });
    case 'expired':
      return t('expiredOn', { date: on });
    default:
      return t('noExpiry');
  }
}

function LicenceStanding({ view }: { view: ComplianceSettingsView }) {
  const t = useT(complianceSettingsText);
  const tone =
    view.licence_state === 'expired'
      ? 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-100'
      : view.licence_state === 'expiring'
        ? 'bg-amber-50 text-amber-900 dark:bg-amber-500/15 dark:text-amber-100'
        : 'bg-slate-100 text-slate-700 dark:bg-navy-700 dark:text-slate-200';
  return (
    <p data-testid="licence-standing" className={`rounded-xl px-3 py-2 text-sm ${tone}`}>
      {standingText(t, view)}
    </p>
  );
}

/**
 * The regime's own PAN / Form 60 rule, to show beside the branch's: the server's (pan_default) for the
 * saved regime, the domain's for another one chosen here and not yet saved (the server answers with the
 * same rule once it is).
 */
function regimeDefault(view: ComplianceSettingsView, regime: ComplianceRegime) {
  if (regime === view.regime) return view.pan_default;
  const rule = defaultPanRule(regime);
  return { applies: rule.applies, threshold: paiseToRupees(rule.thresholdPaise) };
}

function panDefaultText(
  t: Translate<ComplianceKey>,
  regime: ComplianceRegime,
  rule: { applies: boolean; threshold: number },
) {
  const whose = t(DEFAULT_FOR_KEYS[regime]);
  if (!rule.applies) return t('panDefaultOff', { whose });
  if (rule.threshold === 0) return t('panDefaultEvery', { whose });
  return t('panDefaultFrom', { whose, amount: formatAmount(rule.threshold) });
}

/**
 * The compliance settings of the branch, for an admin: the regime, the licence, the
 * limits every counter screen checks, the RBI regime's numbers and the KYC rules (PAN or Form 60 from an
 * amount; a new pledge for a customer with incomplete KYC warned or refused). Checked with the domain's schema
 * before it goes; the server's 422 messages land under the fields they name.
 */
export function ComplianceForm({ view }: { view: ComplianceSettingsView }) {
  const t = useT(complianceSettingsText);
  const messageText = useMessageText();
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
    const read = readComplianceForm(text, {
      cashLimit: t('enterCashLimit'),
      approvalThreshold: t('enterApprovalThreshold'),
      panThreshold: t('enterPanThreshold'),
    });
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    save.mutate(read.values, {
      onSuccess: () => showToast({ type: 'success', title: t('success'), message: t('saved') }),
      onError: (error) => {
        const fields = serverFieldMessages(error);
        const shown = Object.fromEntries(Object.entries(fields).filter(([path]) => isShownPath(path)));
        setErrors(shown);
        const others = Object.entries(fields).filter(([path]) => !isShownPath(path));
        if (Object.keys(shown).length === 0) {
          setFormError(errorMessage(error, t('saveFailed')));
        } else if (others.length > 0) {
          setFormError(
            others
              .map(([path, msg]) => (path ? `${path}: ${messageText(msg)}` : messageText(msg)))
              .join('; '),
          );
        }
      },
    });
  };

  const isRbi = text.regime === 'rbi';
  const panDefault = regimeDefault(view, text.regime);
  /** A field's message in the chosen language (the schema's and the server's sentences are registered). */
  const err = (path: string) => (errors[path] === undefined ? undefined : messageText(errors[path]));

  return (
    <form noValidate aria-label={t('formLabel')} onSubmit={onSubmit} className="space-y-5">
      <FormError message={formError === null ? null : messageText(formError)} />
      <Card title={t('licenceAndRegime')}>
        <div className="grid gap-4 md:grid-cols-3">
          <SelectField
            label={t('regime')}
            value={text.regime}
            error={err(fieldPaths.regime)}
            onChange={(e) => set('regime', e.target.value as ComplianceRegime, fieldPaths.regime)}
          >
            {COMPLIANCE_REGIMES.map((regime) => (
              <option key={regime} value={regime}>
                {t(REGIME_KEYS[regime])}
              </option>
            ))}
          </SelectField>
          <TextBox
            label={t('licenceNumber')}
            value={text.licenceNumber}
            error={err(fieldPaths.licenceNumber)}
            onChange={(e) => set('licenceNumber', e.target.value, fieldPaths.licenceNumber)}
          />
          <DateField
            label={t('licenceExpiry')}
            value={text.licenceExpiry}
            error={err(fieldPaths.licenceExpiry)}
            onChange={(e) => set('licenceExpiry', e.target.value, fieldPaths.licenceExpiry)}
          />
        </div>
        <div className="mt-4">
          <LicenceStanding view={view} />
        </div>
      </Card>

      <Card title={t('limits')}>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <TextBox
            label={t('interestCeiling')}
            inputMode="decimal"
            align="right"
            help={t('noCeiling')}
            value={text.interestCeiling}
            error={err(fieldPaths.interestCeiling)}
            onChange={(e) => set('interestCeiling', e.target.value, fieldPaths.interestCeiling)}
          />
          <TextBox
            label={t('cashLimit')}
            inputMode="decimal"
            align="right"
            value={text.cashLimit}
            error={err(fieldPaths.cashLimit)}
            onChange={(e) => set('cashLimit', e.target.value, fieldPaths.cashLimit)}
          />
          <SelectField
            label={t('cashLimitMode')}
            value={text.cashLimitMode}
            error={err(fieldPaths.cashLimitMode)}
            onChange={(e) => set('cashLimitMode', e.target.value as CashLimitMode, fieldPaths.cashLimitMode)}
          >
            <option value="warn">{t('warn')}</option>
            <option value="block">{t('block')}</option>
          </SelectField>
          <TextBox
            label={t('approvalThreshold')}
            inputMode="decimal"
            align="right"
            help={t('approvalHelp')}
            value={text.approvalThreshold}
            error={err(fieldPaths.approvalThreshold)}
            onChange={(e) => set('approvalThreshold', e.target.value, fieldPaths.approvalThreshold)}
          />
        </div>
      </Card>

      <Card title={t('kyc')}>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <SelectField
            label={t('panApplies')}
            value={text.panApplies ? 'yes' : 'no'}
            error={err(fieldPaths.panApplies)}
            onChange={(e) => set('panApplies', e.target.value === 'yes', fieldPaths.panApplies)}
          >
            <option value="yes">{t('yes')}</option>
            <option value="no">{t('no')}</option>
          </SelectField>
          <TextBox
            label={t('panThreshold')}
            inputMode="decimal"
            align="right"
            help={t('panThresholdHelp')}
            value={text.panThreshold}
            error={err(fieldPaths.panThreshold)}
            onChange={(e) => set('panThreshold', e.target.value, fieldPaths.panThreshold)}
          />
          <SelectField
            label={t('kycIncompleteMode')}
            value={text.kycIncompleteMode}
            error={err(fieldPaths.kycIncompleteMode)}
            onChange={(e) =>
              set('kycIncompleteMode', e.target.value as KycIncompleteMode, fieldPaths.kycIncompleteMode)
            }
          >
            <option value="warn">{t('kycWarn')}</option>
            <option value="block">{t('kycBlock')}</option>
          </SelectField>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p
            data-testid="pan-default"
            className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-navy-700 dark:text-slate-200"
          >
            {panDefaultText(t, text.regime, panDefault)}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              setText((t) => ({
                ...t,
                panApplies: panDefault.applies,
                panThreshold: rupeeText(panDefault.threshold),
              }));
              setErrors(({ [fieldPaths.panApplies]: _a, [fieldPaths.panThreshold]: _b, ...rest }) => rest);
            }}
          >
            {t('useDefault')}
          </Button>
        </div>
      </Card>

      <Card
        title={t('rbiRules')}
        aside={
          <span
            data-testid="rbi-applies"
            className={`rounded-full px-3 py-1 text-xs font-semibold ${
              isRbi
                ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
                : 'bg-slate-100 text-slate-700 dark:bg-navy-700 dark:text-slate-200'
            }`}
          >
            {isRbi ? t('inForce') : t('notInForce')}
          </span>
        }
      >
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('rbiOnly')}</p>
        <h3 className="mb-2 text-sm font-bold text-navy-700 dark:text-white">{t('ltvTiers')}</h3>
        <p className="mb-3 text-xs text-slate-600 dark:text-slate-300">{t('ltvHelp')}</p>
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
            label={t('bulletMaxMonths')}
            inputMode="numeric"
            align="right"
            value={text.rbi.bulletMaxMonths}
            error={err(fieldPaths.bulletMaxMonths)}
            onChange={(e) => setRbi('bulletMaxMonths', e.target.value, fieldPaths.bulletMaxMonths)}
          />
          <TextBox
            label={t('averageDays')}
            inputMode="numeric"
            align="right"
            value={text.rbi.averageDays}
            error={err(fieldPaths.averageDays)}
            onChange={(e) => setRbi('averageDays', e.target.value, fieldPaths.averageDays)}
          />
        </div>
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-bold text-navy-700 dark:text-white">
            {t('weightLimits')}
          </legend>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
            <TextBox
              label={t('goldOrnaments')}
              inputMode="decimal"
              align="right"
              value={text.rbi.goldOrnaments}
              error={err(fieldPaths.goldOrnaments)}
              onChange={(e) => setRbi('goldOrnaments', e.target.value, fieldPaths.goldOrnaments)}
            />
            <TextBox
              label={t('goldCoins')}
              inputMode="decimal"
              align="right"
              value={text.rbi.goldCoins}
              error={err(fieldPaths.goldCoins)}
              onChange={(e) => setRbi('goldCoins', e.target.value, fieldPaths.goldCoins)}
            />
            <TextBox
              label={t('silverOrnaments')}
              inputMode="decimal"
              align="right"
              value={text.rbi.silverOrnaments}
              error={err(fieldPaths.silverOrnaments)}
              onChange={(e) => setRbi('silverOrnaments', e.target.value, fieldPaths.silverOrnaments)}
            />
            <TextBox
              label={t('silverCoins')}
              inputMode="decimal"
              align="right"
              value={text.rbi.silverCoins}
              error={err(fieldPaths.silverCoins)}
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
            {t('resetRbi')}
          </Button>
        </div>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

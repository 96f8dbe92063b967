import { formatIndianDate, PLEDGE_STATUSES, type PledgeStatus } from '@pledge-desk/domain';
import { Button } from '@/components/ui/button';
import { CheckboxField, DateField, SelectField } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Icon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n/language';
import { CustomerPicker } from '@/shared/pickers/customer-picker';
import { pledgeFormText, pledgeKycText } from '../i18n';
import type { PledgeCustomerLookup } from '../use-pledge-customer';
import { CUSTOMER_DETAIL_FIELDS, type PledgeFormState } from '../use-pledge-form-state';
import type { PledgeKyc } from '../use-pledge-kyc';
import type { PledgeTerms } from '../use-pledge-terms';
import { CustomerKycStatus } from './customer-kyc-status';
import { card } from './pledge-form-styles';

/** The ids of the form's labelled parts, made once by the form so they stay where they were. */
export interface PledgeFormIds {
  customer: string;
  scheme: string;
  due: string;
  status: string;
  licence: string;
  /** The KYC refusal (the branch refuses a pledge while the KYC is incomplete). */
  kyc: string;
}

/**
 * 'Customer and Scheme': the customer by number or by name (or a new one registered), their card,
 * the scheme, the pledge and due dates, and on the edit screen the status and where the articles are.
 */
export function PledgeCustomerSection({
  form,
  terms,
  lookup,
  kyc,
  ids,
  isEdit,
  canRegister,
  onRegister,
}: {
  form: PledgeFormState;
  terms: PledgeTerms;
  lookup: PledgeCustomerLookup;
  /** The customer's KYC for the loan typed (a new pledge only). */
  kyc: PledgeKyc;
  ids: PledgeFormIds;
  isEdit: boolean;
  canRegister: boolean;
  /** Opens the new customer dialog with the name typed so far. */
  onRegister: (name: string) => void;
}) {
  const t = useT(pledgeFormText);
  const kt = useT(pledgeKycText);
  const ui = useT(uiText);
  const { state, set, errors, clearError } = form;
  const { schemes, offered, today, quote } = terms;
  const { isLookingUp, lookUpNumber, pickCustomer } = lookup;
  const customer = state.customer;
  // The KYC's answer is the fresher signed link; the edit screen has the customer's own.
  const photo = kyc.kyc ? kyc.kyc.photo : (customer?.photo ?? null);
  return (
    <section className={card} aria-labelledby={`${ids.customer}-title`}>
      <h2 id={`${ids.customer}-title`} className="mb-4 text-lg font-bold text-navy-700 dark:text-white">
        {t('customerAndScheme')}
      </h2>
      <div
        className={`grid gap-4 ${canRegister ? 'md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]' : 'md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]'}`}
      >
        <TextField
          id={ids.customer}
          label={t('customerId')}
          placeholder={t('customerIdPlaceholder')}
          autoComplete="off"
          maxLength={20}
          value={state.customerNumber}
          error={errors.customer_id}
          onChange={(e) => {
            set({ customerNumber: e.target.value });
            clearError('customer_id');
          }}
          onBlur={() => void lookUpNumber()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void lookUpNumber();
            }
          }}
        />
        <CustomerPicker
          label={t('searchCustomer')}
          value={
            customer ? { id: customer.id, name: customer.customer_name, phone: customer.mobile_number } : null
          }
          onChange={(match) => void pickCustomer(match)}
          {...(canRegister ? { onCreateNew: (term: string) => onRegister(term) } : {})}
        />
        {canRegister ? (
          <div className="md:pt-7">
            <Button variant="secondary" title={t('newCustomerHint')} onClick={() => onRegister('')}>
              <Icon name="plus" className="size-4" />
              {t('newCustomer')}
            </Button>
          </div>
        ) : null}
      </div>
      <div
        className="mt-3 min-h-[3.5rem] rounded-xl bg-slate-50 px-4 py-3 text-sm dark:bg-navy-900/60"
        aria-live="polite"
      >
        {isLookingUp ? (
          <p className="text-slate-600 dark:text-slate-300">{t('lookingUp')}</p>
        ) : customer ? (
          <div data-testid="customer-card" className="flex items-start gap-3">
            {photo ? (
              <img
                src={photo}
                alt={kt('photoOf', { name: customer.customer_name })}
                data-testid="customer-photo"
                className="size-14 shrink-0 rounded-lg object-cover ring-1 ring-slate-200 dark:ring-navy-600"
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-navy-700 dark:text-white">
                {customer.customer_name}{' '}
                <span className="font-mono text-xs text-slate-500 dark:text-slate-400">
                  {customer.acc_code}
                </span>
              </p>
              <p className="text-slate-600 dark:text-slate-300">
                {customer.mobile_number} · {[customer.address, customer.city].filter(Boolean).join(', ')}
              </p>
              {isEdit ? null : <CustomerKycStatus kyc={kyc} blockId={ids.kyc} />}
            </div>
          </div>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">{t('noCustomer')}</p>
        )}
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <SelectField
          id={ids.scheme}
          label={t('scheme')}
          disabled={!customer}
          title={customer ? undefined : t('loadCustomerFirst')}
          value={state.schemeId}
          error={errors.scheme_id}
          onChange={(e) => {
            set({ schemeId: e.target.value });
            clearError('scheme_id');
          }}
        >
          <option value="">{schemes.isPending ? t('loadingSchemes') : t('selectScheme')}</option>
          {offered.map((s) => (
            <option key={s.id} value={s.id}>
              {t('schemeOption', {
                name: s.scheme_name,
                rate: String(s.interest_rate_monthly),
                duration: String(s.duration),
              })}
            </option>
          ))}
        </SelectField>
        <DateField
          label={t('pledgeDate')}
          max={today}
          value={state.pledgeDate}
          error={errors.pledge_date}
          onChange={(e) => {
            set({ pledgeDate: e.target.value });
            clearError('pledge_date', 'due_date');
          }}
        />
        <TextField
          id={ids.due}
          label={t('dueDate')}
          readOnly
          tabIndex={-1}
          value={quote ? formatIndianDate(quote.dueDate) : ''}
          placeholder={t('fromScheme')}
          error={errors.due_date}
        />
      </div>
      {isEdit ? (
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          <SelectField
            id={ids.status}
            label={t('status')}
            value={state.status}
            onChange={(e) => set({ status: e.target.value as PledgeStatus })}
          >
            {PLEDGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'active' ? ui('active') : ui('inactive')}
              </option>
            ))}
          </SelectField>
          <div className="md:mt-8">
            <CheckboxField
              label={t('moveToBank')}
              checked={state.isMoveToBank}
              readOnly
              disabled
              aria-describedby={`${ids.status}-bank-hint`}
            />
            <p id={`${ids.status}-bank-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {state.isMoveToBank ? t('bankHintAtBank') : t('bankHintInVault')}
            </p>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The edit screen's customer details (spec §2.2), saved with the pledge when changed. */
export function PledgeCustomerDetails({ form, ids }: { form: PledgeFormState; ids: PledgeFormIds }) {
  const t = useT(pledgeFormText);
  const { state, set, detailErrors, setDetailErrors } = form;
  return (
    <section className={card} aria-labelledby={`${ids.customer}-details`}>
      <h2 id={`${ids.customer}-details`} className="mb-4 text-lg font-bold text-navy-700 dark:text-white">
        {t('customerDetails')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {CUSTOMER_DETAIL_FIELDS.map(([field, label, maxLength]) => (
          <TextField
            key={field}
            label={t(label)}
            maxLength={maxLength}
            value={state.details[field]}
            error={detailErrors[field]}
            onChange={(e) => {
              set({ details: { ...state.details, [field]: e.target.value } });
              setDetailErrors((d) => ({ ...d, [field]: undefined }));
            }}
          />
        ))}
      </div>
    </section>
  );
}

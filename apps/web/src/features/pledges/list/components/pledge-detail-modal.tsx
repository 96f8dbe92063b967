import { formatIndianDate, type PledgeView } from '@pledge-desk/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerKyc } from '@/features/pledges/api/customer-kyc';
import { usePledge } from '@/features/pledges/api/pledge-queries';
import { usePledgeCustomer } from '@/features/pledges/api/ticket-parties';
import { RenewalLinks } from '@/features/pledges/renewal/components/renewal-links';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { pledgeDetailText } from '../i18n';
import { formatWeight, PledgeStatusBadges } from './pledge-status';

function Field({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-semibold break-words text-navy-700 dark:text-white">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-bold text-navy-700 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

const linkButton =
  'inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

function CustomerSection({ pledge }: { pledge: PledgeView }) {
  const t = useT(pledgeDetailText);
  const ui = useT(uiText);
  const customer = usePledgeCustomer(pledge.customer_id);
  const address = customer.data
    ? [customer.data.door_no, customer.data.street, customer.data.location, customer.data.district]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(', ') + (customer.data.pincode ? ` - ${customer.data.pincode}` : '')
    : null;
  // The photograph and the nominee (issue 33): who pledged, and whom the articles may go to.
  const kyc = useCustomerKyc(pledge.customer_id);
  const nominee = kyc.data?.nominee;
  const photo = kyc.data?.photo;
  return (
    <Section title={t('customerInformation')}>
      <div className="flex items-start gap-4">
        {photo ? (
          <img
            src={photo}
            alt={t('photoOf', { name: pledge.customer_name })}
            className="size-20 shrink-0 rounded-xl object-cover ring-1 ring-slate-200 dark:ring-navy-600"
          />
        ) : null}
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
          <Field label={t('name')}>{pledge.customer_name}</Field>
          <Field label={t('customerId')}>{pledge.customer_acc_code}</Field>
          <Field label={t('mobile')}>{pledge.customer_mobile}</Field>
          {customer.data ? <Field label={t('guardian')}>{customer.data.guardian_name || '—'}</Field> : null}
          <Field label={t('address')} className="col-span-2">
            {address ?? (customer.isError ? t('customerFailed') : ui('loading'))}
          </Field>
          <Field label={t('nominee')}>
            <span data-testid="detail-nominee">
              {nominee ? (
                <>
                  {t('nomineeOf', { name: nominee.name, relation: nominee.relation })}
                  {nominee.mobile ? (
                    <span className="block font-normal">
                      {t('nomineeMobile', { mobile: nominee.mobile })}
                    </span>
                  ) : null}
                </>
              ) : kyc.data ? (
                t('noNominee')
              ) : kyc.isError ? (
                t('kycFailed')
              ) : (
                ui('loading')
              )}
            </span>
          </Field>
        </dl>
      </div>
    </Section>
  );
}

function PledgeSection({ pledge }: { pledge: PledgeView }) {
  const t = useT(pledgeDetailText);
  return (
    <Section title={t('pledgeInformation')}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
        <Field label={t('pledgeNo')}>{pledge.pledge_no}</Field>
        <Field label={t('pledgeDate')}>{formatIndianDate(pledge.pledge_date)}</Field>
        <Field label={t('dueDate')}>{formatIndianDate(pledge.due_date)}</Field>
        <Field label={t('scheme')}>{pledge.scheme_name}</Field>
        <Field label={t('ratePerGram')}>{formatRupeeAmount(pledge.rate_per_gram)}</Field>
        <Field label={t('interestRate')}>{t('perMonth', { rate: String(pledge.interest_rate) })}</Field>
        <Field label={t('loanAmount')}>{formatRupeeAmount(pledge.total_loan_amount)}</Field>
        <Field label={t('firstMonthInterest')}>{formatRupeeAmount(pledge.first_month_interest)}</Field>
        <Field label={t('documentCharges')}>{formatRupeeAmount(pledge.document_charges)}</Field>
        <Field label={t('finalAmount')}>{formatRupeeAmount(pledge.final_amount)}</Field>
        <Field label={t('totalValuation')}>{formatRupeeAmount(pledge.total_valuation)}</Field>
        <Field label={t('eligibleLoan')}>{formatRupeeAmount(pledge.eligible_loan)}</Field>
        <Field label={t('grossWeight')}>{formatWeight(pledge.gross_weight, t.language)}</Field>
        <Field label={t('netWeight')}>{formatWeight(pledge.net_weight, t.language)}</Field>
        <Field label={t('items')}>{pledge.item_count}</Field>
        <Field label={t('status')}>
          <PledgeStatusBadges pledge={pledge} />
        </Field>
        <Field label={t('voucherNo')}>{pledge.voucher_number ?? '—'}</Field>
        {pledge.packet_no ? <Field label={t('packetNo')}>{pledge.packet_no}</Field> : null}
        {pledge.closed_date ? (
          <Field label={t('closedOn')}>{formatIndianDate(pledge.closed_date)}</Field>
        ) : null}
      </dl>
      {pledge.remarks ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span className="font-semibold">{t('remarks')} </span>
          {pledge.remarks}
        </p>
      ) : null}
    </Section>
  );
}

function ItemsSection({ pledge }: { pledge: PledgeView }) {
  const t = useT(pledgeDetailText);
  return (
    <Section title={t('itemsCount', { count: String(pledge.items.length) })}>
      {pledge.items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('noItems')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
        <div tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 dark:border-navy-600">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase dark:border-navy-600 dark:text-slate-400">
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('photo')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('design')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('condition')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('gross')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('net')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {pledge.items.map((item) => (
                <tr
                  key={item.pledge_item_id}
                  className="border-b border-slate-100 text-navy-700 last:border-0 dark:border-navy-700 dark:text-slate-100"
                >
                  <td className="px-3 py-2">
                    {item.image ? (
                      <img
                        src={item.image}
                        alt={item.design_name}
                        loading="lazy"
                        className="size-12 rounded-lg object-cover"
                      />
                    ) : (
                      <span className="text-xs text-slate-500 dark:text-slate-400">{t('noPhoto')}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 font-semibold">
                    {item.design_name}
                    {item.remarks ? (
                      <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                        {item.remarks}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{item.jewell_condition || '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatWeight(item.gross_weight, t.language)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatWeight(item.net_weight, t.language)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatRupeeAmount(item.net_value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/**
 * The View modal of the pledge list (spec §2.3): the customer, the pledge, its items and the two prints.
 * The parts of the pledge other features own (at the bank, its end, its history) come as `sections`,
 * which the app composes (src/app/composed/pledge-list-route.tsx): a feature never imports another.
 */
export function PledgeDetailModal({
  pledgeId,
  onClose,
  sections,
}: {
  pledgeId: number;
  onClose: () => void;
  /** Rendered after the pledge's own parts, once the pledge is read. */
  sections?: (pledge: PledgeView) => ReactNode;
}) {
  const t = useT(pledgeDetailText);
  const pledge = usePledge(pledgeId);
  const title = pledge.data ? t('pledgeTitle', { number: pledge.data.pledge_no }) : t('pledgeDetails');
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          {pledge.data ? (
            <>
              <Link
                to={`/pledge/print/${pledgeId}?kind=content`}
                className={`${linkButton} border border-slate-300 bg-white text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700`}
              >
                {t('contentOnly')}
              </Link>
              <Link
                to={`/pledge/print/${pledgeId}?kind=full`}
                className={`${linkButton} bg-brand-500 text-white hover:bg-brand-600`}
              >
                {t('fullPrint')}
              </Link>
            </>
          ) : null}
        </>
      }
    >
      {pledge.isPending ? (
        <Spinner label={t('loadingPledge')} className="py-10" />
      ) : pledge.isError ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {t('detailsFailed')}
        </p>
      ) : (
        <div className="space-y-6">
          <CustomerSection pledge={pledge.data} />
          <PledgeSection pledge={pledge.data} />
          <ItemsSection pledge={pledge.data} />
          <RenewalLinks pledge={pledge.data} />
          {sections?.(pledge.data)}
        </div>
      )}
    </Modal>
  );
}

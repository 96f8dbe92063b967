import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { StatusBadge } from '@/components/ui/status-badge';
import { useT } from '@/lib/i18n/language';
import type { Customer } from '../api/customer-record';
import { customerFormText, customerKycListText } from '../i18n';
import { formatCreatedDate } from './format-created-date';
import { KycBadge } from './kyc-status';

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-navy-700 dark:text-white">{value}</dd>
    </div>
  );
}

/** Every field of one customer, the KYC status, and the ID proof image from its signed link. */
export function CustomerDetailDialog({
  customer,
  onClose,
  onEdit,
  onKyc,
}: {
  customer: Customer;
  onClose: () => void;
  onEdit: () => void;
  /** Opens the customer's KYC panel. */
  onKyc: () => void;
}) {
  const t = useT(customerFormText);
  const kyc = useT(customerKycListText);
  return (
    <Modal
      open
      title={t('detailsTitle')}
      onClose={onClose}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          <Button variant="secondary" onClick={onKyc}>
            {kyc('kyc')}
          </Button>
          <Button onClick={onEdit}>{t('edit')}</Button>
        </>
      }
    >
      <div className="grid gap-6 md:grid-cols-[1fr_16rem]">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item label={t('customerCode')} value={customer.acc_code} />
          <Item label={t('status')} value={<StatusBadge active={customer.status} />} />
          <Item label={t('customerName')} value={customer.customer_name} />
          <Item label={t('guardianName')} value={customer.guardian_name} />
          <Item label={t('mobileNumber')} value={customer.mobile_number} />
          <Item label={t('alternateMobile')} value={customer.alt_mobile_number || '—'} />
          <Item label={t('doorNo')} value={customer.door_no} />
          <Item label={t('street')} value={customer.street} />
          <Item label={t('location')} value={customer.location} />
          <Item label={t('district')} value={customer.district} />
          <Item label={t('pincode')} value={customer.pincode} />
          <Item label={t('registeredOn')} value={formatCreatedDate(customer.created_at)} />
          <Item label={kyc('kycColumn')} value={<KycBadge gaps={customer.kyc_gaps} />} />
        </dl>
        <div className="space-y-4">
          {customer.photo ? (
            <figure className="space-y-2">
              <figcaption className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {kyc('photoHeading')}
              </figcaption>
              <a href={customer.photo} target="_blank" rel="noopener" className="block">
                <img
                  src={customer.photo}
                  alt={kyc('photoOf', { name: customer.customer_name })}
                  className="h-44 w-36 rounded-xl border border-slate-200 bg-slate-50 object-cover dark:border-navy-600 dark:bg-navy-900"
                />
              </a>
            </figure>
          ) : null}
          <figure className="space-y-2">
            <figcaption className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {t('idProof')}
            </figcaption>
            {customer.id_proof ? (
              <a href={customer.id_proof} target="_blank" rel="noopener" className="block">
                <img
                  src={customer.id_proof}
                  alt={t('idProofOf', { name: customer.customer_name })}
                  className="max-h-72 w-full rounded-xl border border-slate-200 bg-slate-50 object-contain dark:border-navy-600 dark:bg-navy-900"
                />
              </a>
            ) : (
              <p className="grid h-40 place-items-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-500 dark:border-navy-600 dark:text-slate-400">
                {t('noIdProof')}
              </p>
            )}
          </figure>
        </div>
      </div>
    </Modal>
  );
}

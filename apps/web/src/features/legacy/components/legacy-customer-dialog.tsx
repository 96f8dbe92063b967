import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useT } from '@/lib/i18n/language';
import type { LegacyCustomer } from '../api/legacy-customer';
import { migrateText } from '../i18n';
import { MigrationStatus } from './migration-status';
import { TamilText } from './tamil-text';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-2.5 last:border-0 sm:grid-cols-[11rem_1fr] dark:border-navy-700">
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-navy-700 dark:text-white">{children}</dd>
    </div>
  );
}

const dash = (value: string | null) => (value && value.trim() !== '' ? value : '—');

/** View: every field of the old record, the converted Tamil text beside the text as the old system stored it. */
export function LegacyCustomerDialog({
  customer,
  canMigrate,
  canOpenCustomers,
  isMigrating,
  onMigrate,
  onClose,
}: {
  customer: LegacyCustomer | null;
  canMigrate: boolean;
  canOpenCustomers: boolean;
  isMigrating: boolean;
  onMigrate: (customer: LegacyCustomer) => void;
  onClose: () => void;
}) {
  const t = useT(migrateText);
  return (
    <Modal
      open={customer !== null}
      title={customer ? t('dialogTitle', { pno: customer.pno }) : ''}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          {customer && canMigrate && customer.migrated_customer_id === null ? (
            <Button onClick={() => onMigrate(customer)} disabled={isMigrating}>
              {isMigrating ? t('migrating') : t('migrate')}
            </Button>
          ) : null}
        </>
      }
    >
      {customer ? (
        <dl>
          <Field label={t('customerNo')}>{customer.pno}</Field>
          <Field label={t('name')}>
            <TamilText className="text-base font-semibold">{dash(customer.name)}</TamilText>
          </Field>
          <Field label={t('nameAsStored')}>
            <span className="text-slate-600 dark:text-slate-300">{dash(customer.name_original)}</span>
          </Field>
          <Field label={t('address')}>
            <TamilText>{dash(customer.address)}</TamilText>
          </Field>
          <Field label={t('addressAsStored')}>
            <span className="text-slate-600 dark:text-slate-300">{dash(customer.address_original)}</span>
          </Field>
          <Field label={t('phone')}>{dash(customer.phoneno)}</Field>
          <Field label={t('mobile')}>{dash(customer.mobile)}</Field>
          <Field label={t('reference')}>{dash(customer.cust_refno)}</Field>
          <Field label={t('migration')}>
            {customer.migrated_customer_id !== null ? (
              <MigrationStatus
                customerId={customer.migrated_customer_id}
                customerCode={customer.migrated_customer_code}
                canOpenCustomers={canOpenCustomers}
              />
            ) : (
              t('notMigratedYet')
            )}
          </Field>
        </dl>
      ) : null}
    </Modal>
  );
}

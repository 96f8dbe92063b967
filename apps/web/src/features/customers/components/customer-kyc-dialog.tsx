import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { useT } from '@/lib/i18n/language';
import type { Customer } from '../api/customer-record';
import { useCustomerKyc } from '../api/get-customer-kyc';
import { markIdProofReviewed, useKycChange } from '../api/kyc-changes';
import { customerKycListText } from '../i18n';
import { customerKycText } from '../kyc-i18n';
import { AddIdDocumentForm } from './add-id-document-form';
import { KycDocuments } from './kyc-documents';
import { KycForm60 } from './kyc-form60';
import { KycNomineeForm } from './kyc-nominee-form';
import { KycPhoto } from './kyc-photo';
import { gapWords } from './kyc-status';
import { useExplainError } from './use-explain-error';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3 border-t border-slate-200 pt-5 dark:border-navy-600">
      <h3 className="text-base font-semibold text-navy-700 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

/**
 * A customer's KYC (issue 33, GET /customers/{id}/kyc): what is missing, the old ID proof to look at,
 * the photograph, the ID documents, the nominee and PAN or Form 60. Every change answers the fresh KYC
 * (or document), which the panel shows at once; the customers list is fetched again for its column.
 */
export function CustomerKycDialog({
  customer,
  onClose,
}: {
  customer: Pick<Customer, 'id' | 'acc_code' | 'customer_name' | 'id_proof'>;
  onClose: () => void;
}) {
  const t = useT(customerKycText);
  const list = useT(customerKycListText);
  const explain = useExplainError();
  const { showToast } = useToast();
  const kyc = useCustomerKyc(customer.id);
  const review = useKycChange(markIdProofReviewed);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const data = kyc.data;

  return (
    <Modal
      open
      title={t('title', { name: customer.customer_name, code: customer.acc_code })}
      onClose={onClose}
      size="xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {kyc.isPending ? (
        <div className="flex items-center gap-3 py-8 text-sm text-slate-600 dark:text-slate-300">
          <Spinner />
          <span>{t('loading')}</span>
        </div>
      ) : !data ? (
        <div className="space-y-3">
          <FormError message={explain(kyc.error, t('fetchFailed'))} />
          <Button variant="secondary" onClick={() => void kyc.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="space-y-5">
          <p
            role="status"
            className={`rounded-xl px-4 py-3 text-sm font-medium ${
              data.status === 'complete'
                ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
                : 'bg-amber-50 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
            }`}
          >
            {data.status === 'complete'
              ? t('complete')
              : t('incomplete', { pieces: gapWords(data.gaps, list) })}
          </p>
          {data.id_proof_needs_review ? (
            <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
              <p className="font-semibold">{t('reviewTitle')}</p>
              <p>{t('reviewText')}</p>
              <p>{t('reviewHint')}</p>
              <FormError message={reviewError} />
              <div className="flex flex-wrap gap-2">
                {customer.id_proof ? (
                  <a
                    href={customer.id_proof}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex items-center rounded-xl border border-amber-400 px-3 py-1.5 font-semibold hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:hover:bg-amber-900/40"
                  >
                    {t('reviewOpen')}
                  </a>
                ) : null}
                <Button
                  className="px-3 py-1.5"
                  disabled={review.isPending}
                  onClick={() => {
                    setReviewError(null);
                    review.mutate(
                      { customerId: customer.id },
                      {
                        onSuccess: () =>
                          showToast({ type: 'success', title: t('success'), message: t('reviewDone') }),
                        onError: (error) => setReviewError(explain(error, t('changeFailed'))),
                      },
                    );
                  }}
                >
                  {t('reviewed')}
                </Button>
              </div>
            </div>
          ) : null}
          <Section title={t('photoHeading')}>
            <KycPhoto customerId={customer.id} name={customer.customer_name} photo={data.photo} />
          </Section>
          <Section title={t('documentsHeading')}>
            <KycDocuments customerId={customer.id} documents={data.documents} />
            <AddIdDocumentForm customerId={customer.id} />
          </Section>
          <Section title={t('panHeading')}>
            <KycForm60 kyc={data} />
          </Section>
          <Section title={t('nomineeHeading')}>
            <KycNomineeForm customerId={customer.id} nominee={data.nominee} />
          </Section>
        </div>
      )}
    </Modal>
  );
}

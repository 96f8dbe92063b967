import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { getCustomer } from '@/features/pledges/api/form-lookups';
import { usePledge } from '@/features/pledges/api/pledge-queries';
import { ApiError } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';
import { useT } from '@/lib/i18n/language';
import { idFrom } from '@/lib/ids';
import { PledgeForm } from '../components/pledge-form';
import { pledgeFormText } from '../i18n';

/**
 * /pledge/edit/{pledgeId} (pledges-and-payments §2.2, §8): a spinner while the pledge and its customer
 * load; 'No pledge ID provided', 'Pledge not found' or 'Failed to fetch initial data' as a toast, then
 * back to /pledges.
 */
export function EditPledgePage() {
  const t = useT(pledgeFormText);
  const { pledgeId: param } = useParams();
  const pledgeId = idFrom(param);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const pledge = usePledge(pledgeId);
  const customerId = pledge.data?.customer_id ?? null;
  const customer = useQuery({
    queryKey: useCompanyQueryKey(['customers', 'detail'], customerId),
    queryFn: ({ signal }) => getCustomer(customerId as number, signal),
    enabled: customerId !== null,
  });
  const told = useRef(false);

  const failure =
    pledgeId === null
      ? t('noPledgeId')
      : pledge.isError
        ? pledge.error instanceof ApiError && pledge.error.status === 404
          ? t('pledgeNotFound')
          : t('fetchInitialFailed')
        : customer.isError
          ? t('fetchInitialFailed')
          : null;

  useEffect(() => {
    if (!failure || told.current) return;
    told.current = true;
    showToast({ type: 'error', title: t('error'), message: failure });
    navigate('/pledges', { replace: true });
  }, [failure, navigate, showToast, t]);

  if (failure) return <Navigate to="/pledges" replace />;
  if (!pledge.data || !customer.data) return <Spinner label={t('loadingPledge')} className="py-24" />;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold text-navy-700 dark:text-white">
        {t('editPledgeTitle')} <span data-testid="edit-pledge-no">{pledge.data.pledge_no}</span>
      </h2>
      {/* Keyed by the pledge, so opening another pledge starts a fresh form. */}
      <PledgeForm key={pledge.data.pledge_id} initial={{ pledge: pledge.data, customer: customer.data }} />
    </div>
  );
}

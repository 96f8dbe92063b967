import type { CustomerView } from '@pledge-desk/domain';
import { useRef, useState } from 'react';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { findCustomerByNumber, getCustomer } from '@/features/pledges/api/form-lookups';
import { useT } from '@/lib/i18n/language';
import type { CustomerMatch } from '@/shared/api/search-customers';
import type { RegisteredCustomer } from '@/shared/pickers/new-customer';
import { pledgeFormText } from './i18n';
import { detailsOf, type PledgeFormState } from './use-pledge-form-state';

/**
 * The pledge's customer: found by the number typed (on blur or Enter), picked by name, or just
 * registered; a later lookup cancels an earlier one still on its way.
 */
export function usePledgeCustomer(form: PledgeFormState) {
  const t = useT(pledgeFormText);
  const { state, set, setErrors, clearError, setDetailErrors } = form;
  const lookup = useRef<AbortController | null>(null);
  const [isLookingUp, setIsLookingUp] = useState(false);

  const loadCustomer = (customer: CustomerView | null) => {
    set({
      customer,
      details: detailsOf(customer),
      ...(customer ? { customerNumber: customer.acc_code } : {}),
    });
    setDetailErrors({});
  };

  const lookUpNumber = async () => {
    const typed = state.customerNumber.trim();
    if (typed === '') return;
    if (state.customer && typed.toUpperCase() === state.customer.acc_code.toUpperCase()) return;
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    setIsLookingUp(true);
    try {
      const found = await findCustomerByNumber(typed, controller.signal);
      if (controller.signal.aborted) return;
      if (found) {
        loadCustomer(found);
        clearError('customer_id');
      } else {
        set({ customer: null, details: detailsOf(null) });
        setErrors((e) => ({ ...e, customer_id: t('customerNotFound') }));
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setErrors((e) => ({ ...e, customer_id: errorMessage(error, t('fetchCustomerFailed')) }));
    } finally {
      if (!controller.signal.aborted) setIsLookingUp(false);
    }
  };

  const pickCustomer = async (match: CustomerMatch | null) => {
    if (!match) return;
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    setIsLookingUp(true);
    try {
      const customer = await getCustomer(match.id, controller.signal);
      if (controller.signal.aborted) return;
      loadCustomer(customer);
      clearError('customer_id');
    } catch (error) {
      if (!controller.signal.aborted) {
        setErrors((e) => ({ ...e, customer_id: errorMessage(error, t('fetchCustomerFailed')) }));
      }
    } finally {
      if (!controller.signal.aborted) setIsLookingUp(false);
    }
  };

  const onRegistered = (registered: RegisteredCustomer) =>
    void pickCustomer({
      id: registered.id,
      name: registered.customer_name,
      phone: registered.mobile_number,
    });

  return { isLookingUp, lookUpNumber, pickCustomer, onRegistered };
}

export type PledgeCustomerLookup = ReturnType<typeof usePledgeCustomer>;

import type { BankInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Bank, bankRecordSchema, banksQueryKey } from './get-banks';

/** POST /bank-details/ without an id, PUT /bank-details/{id} (the whole record) with one. */
export async function saveBank({ id, values }: { id?: number; values: BankInput }): Promise<Bank> {
  const body = await apiRequest<unknown>(id ? `/bank-details/${id}` : '/bank-details/', {
    method: id ? 'PUT' : 'POST',
    body: values,
  });
  return bankRecordSchema.parse(body);
}

export function useSaveBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBank,
    // The screen says what went wrong itself (spec §8, Banks): under the fields, or its own toast.
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: banksQueryKey }),
  });
}

/** The record as PUT wants it: every field of the bank, nothing the server adds (id, created_at). */
export function bankInputOf(bank: Bank): BankInput {
  return {
    bank_name: bank.bank_name,
    account_holder_name: bank.account_holder_name,
    account_number: bank.account_number,
    ifsc_code: bank.ifsc_code,
    branch_name: bank.branch_name,
    account_type: bank.account_type,
    status: bank.status,
  };
}

/**
 * The payments' query key: the list, a payment's detail and a receipt sit under it, so a payment taken
 * or reversed anywhere reads them all again (`invalidateQueries({ queryKey: paymentsQueryKey })`).
 */
export const paymentsQueryKey = ['payments'] as const;

import type { PaymentHistoryRow, ReceiptView } from '@pledge-desk/domain';

/**
 * A payment row as GET /pledge-payments/ and GET /pledge-payments/{id} answer it; the list's
 * `reversible` is true unless the row is reversed or says otherwise.
 */
export function paymentView(overrides: Partial<PaymentHistoryRow> = {}): PaymentHistoryRow {
  return {
    payment_id: 31,
    id: 31,
    receipt_id: 21,
    receipt_no: 'R/2026-27/000021',
    receipt_kind: 'single',
    pledge_id: 7,
    pledge_no: 'GL/2026-27/0007',
    customer_id: 41,
    customer_name: 'முருகன்',
    payment_date: '2026-11-21',
    payment_type: 'interest',
    payment_method: 'cash',
    amount: 978,
    interest_amount: 978,
    principal_amount: 0,
    penalty_amount: 0,
    discount_amount: 0,
    discount_reason: null,
    penalty_reason: null,
    balance_amount: 48900,
    bank_reference: null,
    remarks: null,
    closed_pledge: false,
    voucher_number: 'RCT/2026-27/0021',
    created_at: '2026-11-21T05:30:00Z',
    created_by_username: 'clerk1',
    reversed: false,
    reversed_at: null,
    reversed_by_username: null,
    reversal_reason: null,
    reversal_voucher_number: null,
    reversible: !overrides.reversed,
    ...overrides,
  };
}

/** Payment n of a list, newest first: receipt R/2026-27/0000nn on pledge GL/n. */
export function paymentNo(n: number, overrides: Partial<PaymentHistoryRow> = {}): PaymentHistoryRow {
  return paymentView({
    payment_id: n,
    id: n,
    receipt_id: 100 + n,
    receipt_no: `R/2026-27/${String(n).padStart(6, '0')}`,
    pledge_id: n,
    pledge_no: `GL/${n}`,
    customer_name: `Customer ${n}`,
    ...overrides,
  });
}

/** A receipt as GET /receipts/{id} answers it: one interest payment on one pledge. */
export function receiptView(overrides: Partial<ReceiptView> = {}): ReceiptView {
  return {
    receipt_id: 21,
    receipt_no: 'R/2026-27/000021',
    kind: 'single',
    payment_date: '2026-11-21',
    customer: {
      id: 41,
      acc_code: 'C000041',
      customer_name: 'முருகன்',
      mobile_number: '9842012345',
      address: '12, தெற்கு மாசி வீதி',
      city: 'Madurai',
    },
    payment_method: 'cash',
    bank_reference: null,
    remarks: null,
    total_amount: 978,
    total_penalty: 0,
    total_discount: 0,
    net_amount: 978,
    discount_reason: null,
    penalty_reason: null,
    lines: [
      {
        payment_id: 31,
        pledge_id: 7,
        pledge_no: 'GL/2026-27/0007',
        payment_type: 'interest',
        amount: 978,
        interest_amount: 978,
        principal_amount: 0,
        penalty_amount: 0,
        discount_amount: 0,
        balance_amount: 48900,
        closed_pledge: false,
      },
    ],
    voucher_number: 'RCT/2026-27/0021',
    receipt_prints: 0,
    created_at: '2026-11-21T05:30:00Z',
    created_by_username: 'clerk1',
    reversed: false,
    reversed_at: null,
    reversed_by_username: null,
    reversal_reason: null,
    reversal_voucher_number: null,
    ...overrides,
  };
}

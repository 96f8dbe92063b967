import { businessToday } from '@pledge-desk/domain';

/** What the clerk types about the receipt as a whole, beside the rows. */
export interface Details {
  method: string;
  date: string;
  bankReference: string;
  receiptNo: string;
  remarks: string;
  discountReason: string;
  penaltyReason: string;
  approveDiscount: boolean;
  approvePenalty: boolean;
  cashLimitConfirmed: boolean;
}

export const freshDetails = (): Details => ({
  method: 'cash',
  date: businessToday(),
  bankReference: '',
  receiptNo: '',
  remarks: '',
  discountReason: '',
  penaltyReason: '',
  approveDiscount: false,
  approvePenalty: false,
  cashLimitConfirmed: false,
});

/** The request's field of each detail, whose server message a change of the detail clears. */
export const DETAIL_FIELDS: Partial<Record<keyof Details, string>> = {
  method: 'payment_method',
  date: 'payment_date',
  bankReference: 'bank_reference',
  receiptNo: 'receipt_no',
  approveDiscount: 'approve_discount',
  approvePenalty: 'approve_penalty',
  cashLimitConfirmed: 'cash_limit_confirmed',
};

/** The fields whose messages stand under their own control; the summary says the others. */
export const PLACED_TOP_FIELDS: readonly string[] = [
  'payment_method',
  'payment_date',
  'bank_reference',
  'receipt_no',
  'general_remarks',
  'approve_discount',
  'approve_penalty',
  'cash_limit_confirmed',
];

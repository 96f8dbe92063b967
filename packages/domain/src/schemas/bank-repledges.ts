import { BANK_MONEY_WAYS } from '../end-of-pledge/bank-repledge.ts';
import { id, nonNegativeRupees, optionalText, plainDate, positiveRupees, requiredText } from './common.ts';
import { z } from './zod.ts';

// Re-pledge with a bank: the bodies of POST /pledges/{id}/move-to-bank and
// POST /pledges/{id}/return-from-bank. Dates default to the business day on the server.

export const BANK_REPLEDGE_FIELD_MESSAGES = {
  bank: 'Please select a bank',
  pledgedOn: 'Please enter the date given to the bank',
  amountBorrowed: 'Amount borrowed must be above 0',
  bankReference: "Please enter the bank's reference (its loan or packet number)",
  receivedBy: 'Received by must be bank or cash',
  returnedOn: 'Please enter the date of return',
  bankInterest: "The bank's interest cannot be negative",
  paidBy: 'Paid by must be bank or cash',
} as const;

const m = BANK_REPLEDGE_FIELD_MESSAGES;

export const moveToBankSchema = z.object({
  bank_id: id(m.bank),
  pledged_on: plainDate(m.pledgedOn).optional(),
  amount_borrowed: positiveRupees(m.amountBorrowed),
  bank_reference: requiredText(m.bankReference, 100),
  received_by: z.enum(BANK_MONEY_WAYS, { error: m.receivedBy }).default('bank'),
  remarks: optionalText(500),
});
export type MoveToBankInput = z.infer<typeof moveToBankSchema>;
export type MoveToBankFormInput = z.input<typeof moveToBankSchema>;

export const returnFromBankSchema = z.object({
  returned_on: plainDate(m.returnedOn).optional(),
  bank_interest: nonNegativeRupees(m.bankInterest).default(0),
  paid_by: z.enum(BANK_MONEY_WAYS, { error: m.paidBy }).default('bank'),
  return_reference: optionalText(100),
  remarks: optionalText(500),
});
export type ReturnFromBankInput = z.infer<typeof returnFromBankSchema>;
export type ReturnFromBankFormInput = z.input<typeof returnFromBankSchema>;

export const BANK_REPLEDGE_STATUSES = ['open', 'returned', 'all'] as const;
export type BankRepledgeStatusFilter = (typeof BANK_REPLEDGE_STATUSES)[number];

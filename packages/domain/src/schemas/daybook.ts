import { rupeesToPaise } from '../money/money.ts';
import {
  id,
  MAX_VOUCHER_LINES,
  MAX_VOUCHER_RUPEES,
  nonNegativeRupees,
  optionalText,
  plainDate,
  requiredText,
  rupees,
} from './common.ts';
import { z } from './zod.ts';

export const VOUCHER_TYPE_NAMES = ['Journal', 'Receipt', 'Payment', 'Contra'] as const;

export const DAYBOOK_MESSAGES = {
  noAmount: 'Please enter at least one debit or credit amount.',
  unbalanced: 'Total debits must equal total credits.',
  twoAccounts: 'At least two accounts must be involved in the entry.',
  bothSides: 'A line cannot have both a debit and a credit amount.',
  totalMismatch: 'Total amount must equal the total of the debits.',
  tooManyLines: `A voucher can have at most ${MAX_VOUCHER_LINES} lines.`,
  totalTooLarge: 'The total of this voucher is too large.',
} as const;

/**
 * System accounts that only pledge and payment operations move (docs/domain-rules.md §6.3; the choice is in
 * docs/decisions.md): a manual voucher on 1200 would break "1200 equals the open principal", and one
 * on the income or discount accounts would make the books disagree with the pledges that earned them.
 * 1190 Bank Clearing stays open: clearing it into a bank account is a manual Contra.
 */
export const OPERATION_ACCOUNT_CODES = [
  '1195',
  '1200',
  '1210',
  '2100',
  '2200',
  '4000',
  '4100',
  '4200',
  '5000',
] as const;

/** True for a system account that manual daybook vouchers may not debit or credit. */
export function isOperationAccount(account: { accountCode: string; isSystem: boolean }): boolean {
  return account.isSystem && (OPERATION_ACCOUNT_CODES as readonly string[]).includes(account.accountCode);
}

/** The 422 message on the line of such an account. */
export function operationAccountMessage(account: { accountCode: string; accountName: string }): string {
  return `${account.accountCode} ${account.accountName} is moved only by pledges and payments; a manual voucher cannot use it.`;
}

export const daybookDetailSchema = z.object({
  account_id: id('Please select an account'),
  debit_amount: nonNegativeRupees('Debit amount cannot be negative').default(0),
  credit_amount: nonNegativeRupees('Credit amount cannot be negative').default(0),
  narration: optionalText(500),
});
export type DaybookDetailInput = z.infer<typeof daybookDetailSchema>;

/**
 * POST/PUT /daybook-entries (shell-and-masters §5): at least two accounts, every line a debit or a
 * credit, debits equal to credits. The spec's 0.01 tolerance came from adding floats in rupees; in
 * whole paise the totals are exact, so they must be equal (a voucher must balance, docs/domain-rules.md §6.3).
 */
export const daybookEntrySchema = z
  .object({
    entry_date: plainDate('Entry date is required'),
    voucher_type: z.enum(VOUCHER_TYPE_NAMES, { error: 'Please select a voucher type' }),
    reference_number: optionalText(100),
    narration: requiredText('Narration is required', 500),
    total_amount: rupees('Total amount must be a number').optional(),
    company_id: id('No company selected. Please select a company.').optional(),
    details: z
      .array(daybookDetailSchema, { error: DAYBOOK_MESSAGES.twoAccounts })
      .max(MAX_VOUCHER_LINES, { error: DAYBOOK_MESSAGES.tooManyLines }),
  })
  .superRefine((entry, ctx) => {
    const lines = entry.details.filter((d) => d.debit_amount > 0 || d.credit_amount > 0);
    if (lines.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: DAYBOOK_MESSAGES.noAmount });
      return;
    }
    entry.details.forEach((d, i) => {
      if (d.debit_amount > 0 && d.credit_amount > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['details', i, 'credit_amount'],
          message: DAYBOOK_MESSAGES.bothSides,
        });
      }
    });
    if (entry.details.length < 2 || new Set(lines.map((d) => d.account_id)).size < 2) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: DAYBOOK_MESSAGES.twoAccounts });
    }
    let debit = 0;
    let credit = 0;
    try {
      for (const d of lines) {
        debit += rupeesToPaise(d.debit_amount);
        credit += rupeesToPaise(d.credit_amount);
      }
    } catch {
      return; // the amount checks above already name the bad line
    }
    if (debit > rupeesToPaise(MAX_VOUCHER_RUPEES)) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: DAYBOOK_MESSAGES.totalTooLarge });
    } else if (debit !== credit) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: DAYBOOK_MESSAGES.unbalanced });
    } else if (entry.total_amount !== undefined && rupeesToPaiseSafe(entry.total_amount) !== debit) {
      ctx.addIssue({ code: 'custom', path: ['total_amount'], message: DAYBOOK_MESSAGES.totalMismatch });
    }
  });
export type DaybookEntryInput = z.infer<typeof daybookEntrySchema>;
/** What a form may send before defaults are applied. */
export type DaybookEntryFormInput = z.input<typeof daybookEntrySchema>;

function rupeesToPaiseSafe(value: number): number | undefined {
  try {
    return rupeesToPaise(value);
  } catch {
    return undefined;
  }
}

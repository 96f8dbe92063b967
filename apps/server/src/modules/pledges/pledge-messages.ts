import { type FieldError as DomainFieldError, formatIndianDate } from '@pledge-desk/domain';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';

// The sentences of the pledge use cases and the 422s built from them, shared by create, change, the
// valuation quote and a renewal's new pledge.

/** The sentences of the pledge rules the schemas cannot check (they need the database). */
export const PLEDGE_SERVER_MESSAGES = {
  noRate: "No rate found for the selected scheme's jewell type.",
  unknownCustomer: 'Please select a customer of this company.',
  inactiveCustomer: 'This customer is inactive. Choose an active customer.',
  unknownScheme: 'Please select a scheme of this company.',
  inactiveScheme: 'This scheme is inactive. Choose an active scheme.',
  unknownDesign: 'Please select a design of this company.',
  futureDate: 'Pledge date cannot be after today.',
  hasPayments:
    'This pledge has payments: its customer, scheme, date, amounts and items can no longer change.',
  closed: 'This pledge is closed: its customer, scheme, date, amounts and items can no longer change.',
  renewed:
    'This pledge was opened by a renewal (its payout settled the old pledge): its customer, scheme, date, amounts and items can no longer change.',
  dayClosed: (date: string) =>
    `This pledge is dated ${formatIndianDate(date)}, a closed day: its customer, scheme, date, amounts and items can no longer change. An admin must reopen the day first.`,
  inAuction: (lotNo: string) =>
    `This pledge is in auction lot ${lotNo}: its customer, scheme, date, amounts and items can no longer change.`,
  noticeServed: (noticeNo: string) =>
    `Notice ${noticeNo}, stating the amount due, has been sent for this pledge: its customer, scheme, date, amounts and items can no longer change.`,
  atBank:
    "This pledge's articles are at a bank with money borrowed on them: its customer, scheme, date, amounts and items can no longer change. Return them from the bank first.",
  notThisPledge: 'This item is not part of this pledge.',
  repeatedItem: 'This item is listed more than once.',
  keptAndDeleted: 'This item is both kept and deleted.',
  tooLarge: 'The total weight or value of the items is too large for one pledge.',
  payoutReference: 'Enter the reference of the bank transfer, online payment or cheque.',
  numberTaken:
    "The scheme's next pledge number is already used by another pledge. Please contact the administrator.",
} as const;

/** A 422 naming every field at once, its sentences joined for the log. */
export const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/** `items.0.net_value` -> ['body', 'items', 0, 'net_value'] (the web maps loc to the form field). */
function locOf(field: string): (string | number)[] {
  return ['body', ...field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))];
}

export const fieldError = (field: string, msg: string, type = 'value_error'): FieldError => ({
  loc: locOf(field),
  msg,
  type,
});

/** The domain's field errors (pledgeFigureMismatches, validatePledgeAmounts) as 422 fields. */
export const fromDomain = (errors: readonly DomainFieldError[]): FieldError[] =>
  errors.map((e) => fieldError(e.field, e.message));

/** The last word when a check above lost a race (a customer or design deleted meanwhile). */
export const constraintErrors = rethrowConstraint({
  pledges_customer_fk: AppError.field('customer_id', PLEDGE_SERVER_MESSAGES.unknownCustomer),
  pledges_scheme_fk: AppError.field('scheme_id', PLEDGE_SERVER_MESSAGES.unknownScheme),
  pledge_items_design_fk: AppError.field('items', PLEDGE_SERVER_MESSAGES.unknownDesign),
  // Only a number typed into the table by hand (an import) can clash with the counter's next one.
  pledges_company_no_key: AppError.conflict('PLEDGE_NO_TAKEN', PLEDGE_SERVER_MESSAGES.numberTaken),
});

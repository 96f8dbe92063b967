import { formatIndianDate, formatRupees } from '@pledge-desk/domain';
import { AppError } from '../../lib/app-error.ts';
import { APPROVER_MESSAGES } from '../auth/approver.service.ts';

export const BRANCH_DAY_MESSAGES = {
  futureDate: 'The business date cannot be after today.',
  drawerAlreadyOpen: (date: string) => `Your cash drawer of ${formatIndianDate(date)} is already open.`,
  drawerAlreadyClosed: (date: string) => `Your cash drawer of ${formatIndianDate(date)} is already closed.`,
  drawerNotOpen: (date: string) =>
    `You have no cash drawer open for ${formatIndianDate(date)}. Open the drawer first.`,
  needsApproval: (differencePaise: number) =>
    `The count differs from the expected cash by ${formatRupees(Math.abs(differencePaise), '₹')} (${differencePaise < 0 ? 'short' : 'over'}): an admin must approve the close. Enter the approving admin's username and password.`,
  ...APPROVER_MESSAGES,
  drawersOpen: (users: readonly string[]) =>
    `Cash drawers still open: ${users.join(', ')}. Close them before closing the day.`,
  dayAlreadyClosed: (date: string) => `The day ${formatIndianDate(date)} is already closed.`,
  dayNotClosed: (date: string) => `The day ${formatIndianDate(date)} is not closed.`,
} as const;

/** Who acts, and the business day in the company's time zone. */
export interface DayActor {
  companyId: number;
  userId: number;
  role: string;
  today: string;
}

/** The business date of a drawer request: today unless sent, never after today (422). */
export function drawerDateOf(sent: string | undefined, today: string): string {
  const date = sent ?? today;
  if (date > today) throw AppError.field('business_date', BRANCH_DAY_MESSAGES.futureDate);
  return date;
}

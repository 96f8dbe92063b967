import { addDays, businessToday, rupeesToPaise } from '@pledge-desk/domain';
import type { Tx } from '../db/open-db.ts';
import { chartAccounts } from '../db/schema/index.ts';
import { ensureSystemAccounts } from '../modules/accounts/system-accounts.ts';
import { postVoucher, type VoucherTypeName } from '../modules/vouchers/vouchers.service.ts';

/** Days of manual vouchers the demo shows, ending on the business day. */
export const DEMO_BOOK_DAYS = 42;

/** The accounts the demo adds to each branch's chart, beside the system accounts. */
export const DEMO_ACCOUNTS = [
  { code: '1100', name: 'Bank Current Account', type: 'Asset', category: 'Bank Accounts' },
  { code: '6100', name: 'Shop Rent', type: 'Expense', category: 'Indirect Expenses' },
  { code: '6200', name: 'Staff Salaries', type: 'Expense', category: 'Indirect Expenses' },
  { code: '6300', name: 'Electricity (TNEB)', type: 'Expense', category: 'Indirect Expenses' },
  { code: '6400', name: 'Printing and Stationery', type: 'Expense', category: 'Indirect Expenses' },
] as const;

interface Entry {
  day: number;
  type: VoucherTypeName;
  narration: string;
  reference?: string;
  debit: string;
  credit: string;
  rupees: number;
}

/**
 * The books of a small branch over six weeks, day 0 being the first: the proprietor's capital, cash
 * banked and drawn (Contra), rent and TNEB by bank, salaries and stationery in cash. `scale`
 * sizes a branch; amounts stay whole rupees with some paise where a bill has them.
 */
function schedule(scale: number): Entry[] {
  const r = (rupees: number) => Math.round(rupees * scale * 100) / 100;
  const entries: Entry[] = [
    {
      day: 0,
      type: 'Receipt',
      narration: 'Capital brought in by the proprietor',
      reference: 'CHQ 004512',
      debit: '1000',
      credit: '3000',
      rupees: r(2_500_000),
    },
    {
      day: 1,
      type: 'Contra',
      narration: 'Cash deposited in bank',
      reference: 'Pay-in slip 2201',
      debit: '1100',
      credit: '1000',
      rupees: r(1_000_000),
    },
    {
      day: 3,
      type: 'Payment',
      narration: 'Shop rent for the month',
      reference: 'NEFT',
      debit: '6100',
      credit: '1100',
      rupees: r(35_000),
    },
    {
      day: 4,
      type: 'Payment',
      narration: 'Pawn ticket books and receipt pads',
      debit: '6400',
      credit: '1000',
      rupees: r(2_340.5),
    },
    {
      day: 6,
      type: 'Payment',
      narration: 'Staff salaries for the month',
      debit: '6200',
      credit: '1000',
      rupees: r(120_000),
    },
    {
      day: 20,
      type: 'Payment',
      narration: 'TNEB electricity bill',
      reference: 'TNEB 09-123-456',
      debit: '6300',
      credit: '1100',
      rupees: r(4_870.75),
    },
    {
      day: 33,
      type: 'Payment',
      narration: 'Shop rent for the month',
      reference: 'NEFT',
      debit: '6100',
      credit: '1100',
      rupees: r(35_000),
    },
    {
      day: 36,
      type: 'Payment',
      narration: 'Staff salaries for the month',
      debit: '6200',
      credit: '1000',
      rupees: r(120_000),
    },
    {
      day: 38,
      type: 'Journal',
      narration: 'Stationery bought in cash posted to rent by mistake, corrected',
      debit: '6400',
      credit: '6100',
      rupees: r(500),
    },
  ];
  // Every week: cash drawn from the bank on the first day, the week's surplus banked on the last.
  for (let week = 0; week < 6; week++) {
    entries.push(
      {
        day: week * 7 + 2,
        type: 'Contra',
        narration: 'Cash withdrawn from bank for the counter',
        reference: `Cheque ${100231 + week}`,
        debit: '1000',
        credit: '1100',
        rupees: r(50_000),
      },
      {
        day: week * 7 + 6,
        type: 'Contra',
        narration: 'Cash deposited in bank',
        reference: `Pay-in slip ${2202 + week}`,
        debit: '1100',
        credit: '1000',
        rupees: r(40_000 + week * 1_500),
      },
    );
  }
  return entries.sort((a, b) => a.day - b.day);
}

/**
 * The demo branches' books: the system accounts, a bank and four expense accounts, and six
 * weeks of manual vouchers ending on the business day, each posted through postVoucher so they are
 * numbered and balanced as real ones. Call in the demo seed's transaction.
 */
export async function seedDemoBooks(
  tx: Tx,
  companyIds: readonly number[],
  createdBy: number | null = null,
  today: string = businessToday(),
): Promise<void> {
  const first = addDays(today, -(DEMO_BOOK_DAYS - 1));
  for (const [i, companyId] of companyIds.entries()) {
    await ensureSystemAccounts(tx, companyId);
    await tx
      .insert(chartAccounts)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          companyId,
          accountCode: a.code,
          accountName: a.name,
          accountType: a.type,
          accountCategory: a.category,
        })),
      )
      .onConflictDoNothing();
    for (const e of schedule(i === 0 ? 1 : 0.6)) {
      const paise = rupeesToPaise(e.rupees);
      await postVoucher(tx, {
        companyId,
        voucherType: e.type,
        entryDate: addDays(first, e.day),
        narration: e.narration,
        referenceNumber: e.reference ?? null,
        lines: [
          { accountCode: e.debit, debitPaise: paise, creditPaise: 0 },
          { accountCode: e.credit, debitPaise: 0, creditPaise: paise },
        ],
        source: { kind: 'manual' },
        createdBy,
      });
    }
  }
}

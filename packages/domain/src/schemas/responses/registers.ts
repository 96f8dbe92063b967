import { RELEASE_RECEIVER_KINDS } from '../../end-of-pledge/release.ts';
import { z } from '../zod.ts';

// The Tamil Nadu registers: the pledge book (Form E) and the vault register.
// Amounts in rupees, weights in grams (numeric read as numbers, like every other answer).

/** One article of a pledge as the register shows it: each item row is one article. */
const registerArticleSchema = z.object({
  item_id: z.number().int(),
  jewel_type: z.string().nullable(),
  description: z.string(),
  condition: z.string().nullable(),
  count: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
  value: z.number(),
});

/** GET /registers/pledge-book: one row per pledge dated in the range, in register order. */
export const pledgeBookRowSchema = z.object({
  /** The pledge's position in the company's register (order of creation), 1 for the first pledge. */
  serial: z.number().int(),
  /** The printed page of the entry: ceil(serial / PLEDGE_BOOK_ENTRIES_PER_PAGE). */
  page: z.number().int(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  customer_id: z.number().int(),
  customer_code: z.string(),
  customer_name: z.string(),
  /** The customer's name in Tamil; null while the customer master keeps none. */
  customer_name_ta: z.string().nullable(),
  guardian_name: z.string(),
  address: z.string(),
  amount_lent: z.number(),
  /** Interest per month, in percent, as agreed when the pledge was made. */
  interest_rate: z.number(),
  first_month_interest: z.number(),
  duration_months: z.number().int(),
  due_date: z.string(),
  item_count: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
  /** The market value of the articles as valued on the pledge date. */
  value: z.number(),
  articles: z.array(registerArticleSchema),
  /** Every payment on the pledge in date order; a reversed one is kept and marked. */
  payments: z.array(
    z.object({
      payment_id: z.number().int(),
      receipt_no: z.string(),
      payment_date: z.string(),
      amount: z.number(),
      interest_amount: z.number(),
      principal_amount: z.number(),
      reversed: z.boolean(),
    }),
  ),
  /** The redemption date: the day a payment closed the pledge; null while open or when closed otherwise. */
  closed_date: z.string().nullable(),
  /** How the pledge closed: 'payment', 'renewal' or 'auction'; null while open. */
  closed_by: z.string().nullable(),
  /** The day its articles left the vault (released, carried into a renewal, or delivered to a buyer). */
  released_on: z.string().nullable(),
  /** The auction's sale date (auction_sales); null unless sold. */
  auction_date: z.string().nullable(),
  /**
   * Form E's redeemer or buyer: to whom the release handed the articles (the pawner, or the agent, legal
   * heir, transferee or lost-ticket declarant the release names), or the buyer at auction; null while
   * the articles are still held (open, or paid off and not yet released) and for a renewal.
   */
  redeemer: z
    .object({
      kind: z.enum([...RELEASE_RECEIVER_KINDS, 'buyer']),
      name: z.string(),
    })
    .nullable(),
  status: z.string(),
});
export type PledgeBookRow = z.infer<typeof pledgeBookRowSchema>;

export const pledgeBookSchema = z.object({
  from: z.string(),
  to: z.string(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Register entries on a printed page (the page numbers' divisor). */
  entries_per_page: z.number().int(),
  rows: z.array(pledgeBookRowSchema),
  totals: z.object({
    pledges: z.number().int(),
    amount_lent: z.number(),
    gross_weight: z.number(),
    net_weight: z.number(),
    value: z.number(),
    /** Σ of the unreversed payments of these pledges. */
    paid: z.number(),
  }),
});
export type PledgeBook = z.infer<typeof pledgeBookSchema>;

/** GET /registers/vault: one row per article of the pledges open at the end of as_of. */
export const vaultRowSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  /** The packet's number in the vault; the pledge number while the pledge has none of its own. */
  packet_no: z.string(),
  pledge_date: z.string(),
  customer_name: z.string(),
  item_id: z.number().int(),
  jewel_type: z.string().nullable(),
  description: z.string(),
  condition: z.string().nullable(),
  count: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
});
export type VaultRow = z.infer<typeof vaultRowSchema>;

const weightTotalsSchema = z.object({
  pledges: z.number().int(),
  items: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
});

export const vaultRegisterSchema = z.object({
  as_of: z.string(),
  page: z.number().int(),
  page_size: z.number().int(),
  rows: z.array(vaultRowSchema),
  totals: z.object({
    by_jewel_type: z.array(weightTotalsSchema.extend({ jewel_type: z.string().nullable() })),
    overall: weightTotalsSchema,
  }),
});
export type VaultRegister = z.infer<typeof vaultRegisterSchema>;

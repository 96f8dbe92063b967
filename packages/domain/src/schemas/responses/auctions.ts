import { z } from '../zod.ts';

// Answers of the auction calls (docs/domain-rules.md §8.6–§8.7; Pawnbrokers Act s. 12, §10.5).
// Money in rupees as numbers, weights in grams, dates YYYY-MM-DD, timestamps ISO.

const money = z.number();
const method = z.enum(['cash', 'bank', 'online', 'cheque', 'bank_transfer']);

export const voucherLineViewSchema = z.object({
  account_code: z.string(),
  debit: money,
  credit: money,
});

/** One lot in the list, with its counts. */
export const auctionLotSummarySchema = z.object({
  id: z.number().int(),
  lot_no: z.string(),
  auction_date: z.string(),
  venue: z.string().nullable(),
  auctioneer: z.string().nullable(),
  remarks: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  /** Pledges in the lot and not withdrawn (sold ones included). */
  pledges: z.number().int(),
  sold: z.number().int(),
  withdrawn: z.number().int(),
  created_at: z.string(),
});
export type AuctionLotSummary = z.infer<typeof auctionLotSummarySchema>;

export const auctionLotListSchema = z.object({
  items: z.array(auctionLotSummarySchema),
  total: z.number().int(),
});
export type AuctionLotList = z.infer<typeof auctionLotListSchema>;

export const auctionArticleSchema = z.object({
  item_id: z.number().int(),
  description: z.string(),
  condition: z.string().nullable(),
  gross_weight: z.number(),
  net_weight: z.number(),
});

/** A sale's figures as the lot and the sale book show them. */
export const auctionSaleBriefSchema = z.object({
  sale_id: z.number().int(),
  sale_date: z.string(),
  auctioneer: z.string(),
  buyer_name: z.string(),
  sale_price: money,
  outstanding: money,
  surplus: money,
  shortfall: money,
  voucher_no: z.string(),
});

/** One pledge of the catalogue: the pawner, the notice, the articles and what is owed. */
export const auctionCatalogueEntrySchema = z.object({
  lot_pledge_id: z.number().int(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  due_date: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  guardian_name: z.string().nullable(),
  address: z.string(),
  mobile: z.string().nullable(),
  jewel_type: z.string().nullable(),
  notice_id: z.number().int(),
  notice_no: z.string(),
  notice_sent_on: z.string().nullable(),
  sale_after: z.string(),
  articles: z.array(auctionArticleSchema),
  item_count: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
  /** As of `outstanding_as_of`: the auction date, or the sale date once sold. */
  outstanding_as_of: z.string(),
  principal: money,
  interest: money,
  outstanding: money,
  /** in_lot: waiting for its sale; sold; withdrawn; closed: paid off (or otherwise closed) while in the lot. */
  state: z.enum(['in_lot', 'sold', 'withdrawn', 'closed']),
  withdrawn_at: z.string().nullable(),
  withdrawn_reason: z.string().nullable(),
  sale: auctionSaleBriefSchema.nullable(),
});
export type AuctionCatalogueEntry = z.infer<typeof auctionCatalogueEntrySchema>;

export const auctionLotDetailSchema = auctionLotSummarySchema.extend({
  entries: z.array(auctionCatalogueEntrySchema),
  totals: z.object({
    items: z.number().int(),
    gross_weight: z.number(),
    net_weight: z.number(),
    outstanding: money,
  }),
});
export type AuctionLotDetail = z.infer<typeof auctionLotDetailSchema>;

/** GET /auctions/eligible: open pledges whose sent notice allows a sale by `as_of`, in no live lot. */
export const auctionEligibleSchema = z.object({
  as_of: z.string(),
  items: z.array(
    z.object({
      pledge_id: z.number().int(),
      pledge_no: z.string(),
      pledge_date: z.string(),
      due_date: z.string(),
      customer_name: z.string(),
      notice_no: z.string(),
      notice_sent_on: z.string(),
      sale_after: z.string(),
      item_count: z.number().int(),
      gross_weight: z.number(),
      net_weight: z.number(),
      outstanding: money,
    }),
  ),
});
export type AuctionEligible = z.infer<typeof auctionEligibleSchema>;

/** POST /auctions/{id}/sales: the sale, its settlement and its voucher. */
export const auctionSaleSavedSchema = z.object({
  sale_id: z.number().int(),
  lot_id: z.number().int(),
  lot_no: z.string(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  sale_date: z.string(),
  sale_price: money,
  principal_due: money,
  interest_due: money,
  outstanding: money,
  surplus: money,
  shortfall: money,
  surplus_id: z.number().int().nullable(),
  shortfall_id: z.number().int().nullable(),
  payment_method: method,
  voucher_id: z.number().int(),
  voucher_no: z.string(),
  lines: z.array(voucherLineViewSchema),
});
export type AuctionSaleSaved = z.infer<typeof auctionSaleSavedSchema>;

const pawner = {
  customer_id: z.number().int(),
  customer_name: z.string(),
  guardian_name: z.string().nullable(),
  address: z.string(),
  mobile: z.string().nullable(),
};

/** A sale's surplus, owed to the pawner (2100) until paid or deposited with the Government. */
export const auctionSurplusSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  lot_id: z.number().int(),
  lot_no: z.string(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  ...pawner,
  sale_date: z.string(),
  sale_price: money,
  outstanding: money,
  amount: money,
  status: z.enum(['owed', 'paid', 'deposited']),
  /** Days since the sale (as of today, or of the settlement once settled). */
  age_days: z.number().int(),
  /** s. 12: the surplus should reach the pawner by this date (sale + 30 days). */
  deliver_by: z.string(),
  /** The first day it may be deposited with the Government (sale + the company's holding period). */
  deposit_due: z.string(),
  may_deposit: z.boolean(),
  settled_on: z.string().nullable(),
  settled_to: z.string().nullable(),
  settled_method: method.nullable(),
  settled_reference: z.string().nullable(),
  voucher_id: z.number().int().nullable(),
  voucher_no: z.string().nullable(),
  /** The shortfalls the same pawner still owes on other pledges. */
  pawner_shortfalls: z.array(
    z.object({ shortfall_id: z.number().int(), pledge_no: z.string(), open: money }),
  ),
});
export type AuctionSurplus = z.infer<typeof auctionSurplusSchema>;

export const auctionSurplusListSchema = z.object({
  items: z.array(auctionSurplusSchema),
  total: z.number().int(),
  total_owed: money,
});
export type AuctionSurplusList = z.infer<typeof auctionSurplusListSchema>;

export const shortfallSettlementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['collected', 'written_off']),
  settled_on: z.string(),
  amount: money,
  method: method.nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  approved_by: z.string().nullable(),
  voucher_id: z.number().int(),
  voucher_no: z.string(),
  /** A collection's receipt (`SR/2026-27/0001`); null for a write-off and for collections before receipts. */
  receipt_no: z.string().nullable(),
});

/** A sale's shortfall, receivable from the pawner (1210) until collected or written off. */
export const auctionShortfallSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  lot_id: z.number().int(),
  lot_no: z.string(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  ...pawner,
  sale_date: z.string(),
  sale_price: money,
  outstanding: money,
  amount: money,
  collected: money,
  written_off: money,
  open: money,
  status: z.enum(['open', 'settled']),
  settlements: z.array(shortfallSettlementSchema),
  /** The surpluses still owed to the same pawner on other pledges. */
  pawner_surpluses: z.array(z.object({ surplus_id: z.number().int(), pledge_no: z.string(), amount: money })),
});
export type AuctionShortfall = z.infer<typeof auctionShortfallSchema>;

/** POST /auction-shortfalls/{id}/collect: the shortfall after the collection, with the collection's receipt. */
export const shortfallCollectedSchema = auctionShortfallSchema.extend({
  settlement_id: z.number().int(),
  receipt_no: z.string(),
});
export type ShortfallCollected = z.infer<typeof shortfallCollectedSchema>;

/** GET /auction-shortfall-collections/{id}: the printable receipt of one collection. */
export const shortfallReceiptSchema = z.object({
  settlement_id: z.number().int(),
  receipt_no: z.string().nullable(),
  shortfall_id: z.number().int(),
  lot_no: z.string(),
  pledge_no: z.string(),
  ...pawner,
  sale_date: z.string(),
  sale_price: money,
  outstanding: money,
  shortfall: money,
  collected_on: z.string(),
  amount: money,
  method: method.nullable(),
  reference: z.string().nullable(),
  /** What was left of the shortfall right after this collection. */
  open_after: money,
  voucher_no: z.string(),
  collected_by: z.string().nullable(),
});
export type ShortfallReceipt = z.infer<typeof shortfallReceiptSchema>;

export const auctionShortfallListSchema = z.object({
  items: z.array(auctionShortfallSchema),
  total: z.number().int(),
  total_open: money,
});
export type AuctionShortfallList = z.infer<typeof auctionShortfallListSchema>;

/** One sale of the sale book (Form G). */
export const saleBookRowSchema = z.object({
  serial: z.number().int(),
  sale_id: z.number().int(),
  lot_id: z.number().int(),
  lot_no: z.string(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  customer_name: z.string(),
  guardian_name: z.string().nullable(),
  address: z.string(),
  articles: z.array(auctionArticleSchema),
  item_count: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
  sale_date: z.string(),
  auctioneer: z.string(),
  buyer_name: z.string(),
  buyer_address: z.string().nullable(),
  sale_price: money,
  principal_due: money,
  interest_due: money,
  outstanding: money,
  surplus: money,
  shortfall: money,
});
export type SaleBookRow = z.infer<typeof saleBookRowSchema>;

export const saleBookSchema = z.object({
  from: z.string(),
  to: z.string(),
  page: z.number().int(),
  page_size: z.number().int(),
  rows: z.array(saleBookRowSchema),
  totals: z.object({
    sales: z.number().int(),
    sale_price: money,
    outstanding: money,
    surplus: money,
    shortfall: money,
  }),
});
export type SaleBook = z.infer<typeof saleBookSchema>;

import { PAYMENT_METHODS } from '../payments/validation.ts';
import { id, optionalText, plainDate, positiveRupees, requiredText } from './common.ts';
import { z } from './zod.ts';

/**
 * Request bodies of the auction (docs/domain-rules.md §8.6–§8.7): a lot, a sale per
 * pledge, and the settlement of a sale's surplus (owed to the pawner) or shortfall (owed by them).
 */

export const AUCTION_INPUT_MESSAGES = {
  auctionDate: 'Please enter the auction date',
  pledges: 'Choose at least one pledge for the lot',
  tooManyPledges: 'A lot takes at most 200 pledges',
  repeated: 'A pledge is chosen twice',
  pledge: 'Please choose a pledge',
  saleDate: 'Please enter the sale date',
  auctioneer: 'Please enter the auctioneer',
  buyerName: "Please enter the buyer's name",
  salePrice: 'Please enter the sale price',
  method: 'Please choose how the money moved',
  reference: 'Please enter the bank reference',
  reason: 'Please enter the reason',
  date: 'Please enter the date',
  amount: 'Please enter the amount',
} as const;

export const AUCTION_MAX_PLEDGES = 200;

const method = z.enum(PAYMENT_METHODS, { error: AUCTION_INPUT_MESSAGES.method });
const reference = z.string().trim().max(100, { error: 'Reference must be at most 100 characters' });

const needsReference = (m: unknown, ref: string | null | undefined) =>
  typeof m === 'string' && m !== 'cash' && !ref?.trim();

/** POST /auctions: a lot of pledges whose notice period has passed. */
export const auctionLotSchema = z.object({
  auction_date: plainDate(AUCTION_INPUT_MESSAGES.auctionDate),
  venue: optionalText(200),
  auctioneer: optionalText(200),
  remarks: optionalText(1000),
  pledge_ids: z
    .array(id(AUCTION_INPUT_MESSAGES.pledge), { error: AUCTION_INPUT_MESSAGES.pledges })
    .min(1, { error: AUCTION_INPUT_MESSAGES.pledges })
    .max(AUCTION_MAX_PLEDGES, { error: AUCTION_INPUT_MESSAGES.tooManyPledges })
    .refine((ids) => new Set(ids).size === ids.length, { error: AUCTION_INPUT_MESSAGES.repeated }),
});
export type AuctionLotInput = z.infer<typeof auctionLotSchema>;

/** POST /auctions/{id}/withdraw: a pledge taken out of a lot before its sale. */
export const auctionWithdrawSchema = z.object({
  pledge_id: id(AUCTION_INPUT_MESSAGES.pledge),
  reason: requiredText(AUCTION_INPUT_MESSAGES.reason, 500),
});
export type AuctionWithdrawInput = z.infer<typeof auctionWithdrawSchema>;

/** POST /auctions/{id}/sales: one pledge of the lot sold. */
export const auctionSaleSchema = z
  .object({
    pledge_id: id(AUCTION_INPUT_MESSAGES.pledge),
    sale_date: plainDate(AUCTION_INPUT_MESSAGES.saleDate),
    auctioneer: requiredText(AUCTION_INPUT_MESSAGES.auctioneer, 200),
    buyer_name: requiredText(AUCTION_INPUT_MESSAGES.buyerName, 200),
    buyer_address: optionalText(500),
    sale_price: positiveRupees(AUCTION_INPUT_MESSAGES.salePrice),
    payment_method: method,
    payment_reference: reference.nullable().optional(),
    /** The clerk confirmed a cash receipt at or over the company's cash limit (warn mode). */
    cash_limit_confirmed: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (needsReference(p.payment_method, p.payment_reference))
      ctx.addIssue({
        code: 'custom',
        path: ['payment_reference'],
        message: AUCTION_INPUT_MESSAGES.reference,
      });
  });
export type AuctionSaleInput = z.infer<typeof auctionSaleSchema>;

/** POST /auction-surpluses/{id}/pay: the surplus handed to the pawner (or their representative). */
export const surplusPaySchema = z
  .object({
    paid_on: plainDate(AUCTION_INPUT_MESSAGES.date),
    /** Who took the money; the pawner when empty. */
    paid_to: optionalText(200),
    method,
    reference: reference.nullable().optional(),
    cash_limit_confirmed: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (needsReference(p.method, p.reference))
      ctx.addIssue({ code: 'custom', path: ['reference'], message: AUCTION_INPUT_MESSAGES.reference });
  });
export type SurplusPayInput = z.infer<typeof surplusPaySchema>;

/** POST /auction-surpluses/{id}/deposit: an unclaimed surplus deposited with the Government. */
export const surplusDepositSchema = z.object({
  deposited_on: plainDate(AUCTION_INPUT_MESSAGES.date),
  reference: requiredText(AUCTION_INPUT_MESSAGES.reference, 100),
  /** The deposit leaves through the bank (1190) unless paid in cash (1000). */
  method: method.default('bank'),
});
export type SurplusDepositInput = z.infer<typeof surplusDepositSchema>;

/** POST /auction-shortfalls/{id}/collect: part or all of a shortfall paid by the pawner. */
export const shortfallCollectSchema = z
  .object({
    on: plainDate(AUCTION_INPUT_MESSAGES.date),
    amount: positiveRupees(AUCTION_INPUT_MESSAGES.amount),
    method,
    reference: reference.nullable().optional(),
    cash_limit_confirmed: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (needsReference(p.method, p.reference))
      ctx.addIssue({ code: 'custom', path: ['reference'], message: AUCTION_INPUT_MESSAGES.reference });
  });
export type ShortfallCollectInput = z.infer<typeof shortfallCollectSchema>;

/** POST /auction-shortfalls/{id}/write-off: an admin writes part or all of a shortfall off. */
export const shortfallWriteOffSchema = z.object({
  on: plainDate(AUCTION_INPUT_MESSAGES.date).optional(),
  amount: positiveRupees(AUCTION_INPUT_MESSAGES.amount),
  reason: requiredText(AUCTION_INPUT_MESSAGES.reason, 500),
});
export type ShortfallWriteOffInput = z.infer<typeof shortfallWriteOffSchema>;

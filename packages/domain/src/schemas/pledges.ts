import { gramsToMg } from '../money/units.ts';
import { grams, id, MAX_ID, nonNegativeRupees, optionalText, plainDate, positiveRupees } from './common.ts';
import { z } from './zod.ts';

export const PLEDGE_MESSAGES = {
  /** Create pledge (pledges-and-payments §5): one message for customer, scheme, items and loan. */
  create:
    'Validation Error: Please select a customer, scheme, add at least one item, and ensure loan amount is positive.',
  /** Update pledge (pledges-and-payments §5). */
  update: 'Please ensure all required fields are filled and at least one item is added.',
  pledgeDate: 'Please select a pledge date',
  design: 'Please select a design',
  grossWeight: 'Gross weight must be above 0',
  netWeight: 'Net weight must be above 0',
  netAboveGross: 'Net weight cannot be more than gross weight',
  itemId: 'Item id is required to keep or update an item',
  documentCharges: 'Document charges cannot be negative',
  tooManyItems: 'A pledge can have at most 100 items',
} as const;

/** Most items in one pledge: far above any counter's bag of jewels, and a bound on the request. */
export const MAX_PLEDGE_ITEMS = 100;

/** An item id sent back by the edit screen, within the integer columns. */
const itemId = () => z.number().int().positive().max(MAX_ID);

export const PLEDGE_STATUSES = ['active', 'inactive'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];
/** How a pledge's loan is paid out; every method but cash goes through 1190. */
export const PLEDGE_PAYOUT_METHODS = ['cash', 'bank_transfer', 'online', 'cheque'] as const;
export type PledgePayoutMethod = (typeof PLEDGE_PAYOUT_METHODS)[number];

const itemFields = {
  jewell_design_id: id(PLEDGE_MESSAGES.design),
  jewell_condition: optionalText(200),
  gross_weight: grams(PLEDGE_MESSAGES.grossWeight).refine((v) => v > 0, {
    error: PLEDGE_MESSAGES.grossWeight,
  }),
  net_weight: grams(PLEDGE_MESSAGES.netWeight).refine((v) => v > 0, { error: PLEDGE_MESSAGES.netWeight }),
  /** Shown by the client; the server recomputes it from the weight and the pledge's rate (§2). */
  net_value: nonNegativeRupees('Net value cannot be negative').optional(),
  remarks: optionalText(500),
};

function netNotAboveGross(item: { gross_weight: number; net_weight: number }): boolean {
  if (!(item.gross_weight > 0)) return true; // the gross weight check already speaks
  try {
    return gramsToMg(item.net_weight) <= gramsToMg(item.gross_weight);
  } catch {
    return true; // the weight checks report the bad number
  }
}

export const pledgeItemSchema = z
  .object(itemFields)
  .refine(netNotAboveGross, { path: ['net_weight'], error: PLEDGE_MESSAGES.netAboveGross });
export type PledgeItemInput = z.infer<typeof pledgeItemSchema>;

export const PLEDGE_ITEM_ACTIONS = ['keep', 'update', 'add'] as const;

export const pledgeItemUpdateSchema = z
  .object({
    ...itemFields,
    pledge_item_id: itemId().nullable().optional(),
    action: z.enum(PLEDGE_ITEM_ACTIONS).default('add'),
  })
  .refine(netNotAboveGross, { path: ['net_weight'], error: PLEDGE_MESSAGES.netAboveGross })
  .refine((item) => item.action === 'add' || item.pledge_item_id != null, {
    path: ['pledge_item_id'],
    error: PLEDGE_MESSAGES.itemId,
  });
export type PledgeItemUpdateInput = z.infer<typeof pledgeItemUpdateSchema>;

function pledgeFields(message: string) {
  return {
    customer_id: id(message),
    scheme_id: id(message),
    pledge_date: plainDate(PLEDGE_MESSAGES.pledgeDate),
    /** Derived amounts the client shows; the server recomputes them and rejects a mismatch (422). */
    due_date: plainDate('Due date must be a date').optional(),
    first_month_interest: nonNegativeRupees('First month interest cannot be negative').optional(),
    final_amount: positiveRupees('Final amount must be above 0').optional(),
    document_charges: nonNegativeRupees(PLEDGE_MESSAGES.documentCharges).default(100),
    total_loan_amount: positiveRupees(message),
    status: z.enum(PLEDGE_STATUSES, { error: 'Status must be active or inactive' }).default('active'),
    /** Set by Move to Bank only: a new pledge sending true is refused (422). */
    is_move_to_bank: z.boolean().default(false),
    remarks: optionalText(1000),
    /**
     * The packet the articles are sealed in (the vault register's packet number); a note, editable at
     * any time. Left out of an edit, the pledge keeps its packet number.
     */
    packet_no: z
      .string()
      .trim()
      .max(50, { error: 'Packet No. must be at most 50 characters' })
      .nullable()
      .optional(),
    /** How the final amount is paid out: cash from the drawer, or bank/online. */
    payout_method: z
      .enum(PLEDGE_PAYOUT_METHODS, { error: 'Payout method must be cash, bank transfer, online or cheque' })
      .default('cash'),
    payout_reference: z
      .string()
      .trim()
      .max(100, { error: 'Payout reference must be at most 100 characters' })
      .nullable()
      .optional(),
    /** The clerk confirmed a cash payout at or over the company's cash limit (warn mode). */
    cash_limit_confirmed: z.boolean().default(false),
    auto_calculate_weights: z.boolean().optional(),
    auto_calculate_item_count: z.boolean().optional(),
  };
}

/** POST /pledges/with-items (pledges-and-payments §7). */
export const createPledgeSchema = z.object({
  ...pledgeFields(PLEDGE_MESSAGES.create),
  items: z
    .array(pledgeItemSchema, { error: PLEDGE_MESSAGES.create })
    .min(1, { error: PLEDGE_MESSAGES.create })
    .max(MAX_PLEDGE_ITEMS, { error: PLEDGE_MESSAGES.tooManyItems }),
});
export type CreatePledgeInput = z.infer<typeof createPledgeSchema>;
/** What a form may send before defaults are applied. */
export type CreatePledgeFormInput = z.input<typeof createPledgeSchema>;
export const pledgeSchema = createPledgeSchema;
export const pledgeWithItemsSchema = createPledgeSchema;

/** PUT /pledges/{id}/with-items: items carry their id and action; removed items listed by id. */
export const updatePledgeSchema = z.object({
  ...pledgeFields(PLEDGE_MESSAGES.update),
  /**
   * Move to Bank belongs to its own steps (POST /pledges/{id}/move-to-bank and /return-from-bank);
   * an edit may leave it out or send it unchanged.
   */
  is_move_to_bank: z.boolean().optional(),
  items: z
    .array(pledgeItemUpdateSchema, { error: PLEDGE_MESSAGES.update })
    .min(1, { error: PLEDGE_MESSAGES.update })
    .max(MAX_PLEDGE_ITEMS, { error: PLEDGE_MESSAGES.tooManyItems }),
  delete_item_ids: z
    .array(itemId())
    .max(MAX_PLEDGE_ITEMS, { error: PLEDGE_MESSAGES.tooManyItems })
    .default([]),
});
export type UpdatePledgeInput = z.infer<typeof updatePledgeSchema>;
/** What a form may send before defaults are applied. */
export type UpdatePledgeFormInput = z.input<typeof updatePledgeSchema>;

import { describe, expect, it } from 'vitest';
import { createPledgeSchema, PLEDGE_MESSAGES, updatePledgeSchema } from './pledges.ts';
import { messages } from './test-helpers.ts';

const item = {
  jewell_design_id: 3,
  jewell_condition: 'good',
  gross_weight: 10.2,
  net_weight: 10,
  net_value: 65000,
};
const pledge = {
  customer_id: 1,
  scheme_id: 2,
  pledge_date: '2026-11-22',
  total_loan_amount: 48750,
  items: [item],
};

describe('create pledge (pledges-and-payments §5)', () => {
  it('accepts a pledge and fills the defaults (document charge 100, active)', () => {
    const parsed = createPledgeSchema.parse(pledge);
    expect(parsed.document_charges).toBe(100);
    expect(parsed.status).toBe('active');
    expect(parsed.is_move_to_bank).toBe(false);
  });
  it('gives the spec message for a missing customer, scheme, items or loan', () => {
    const result = messages(
      createPledgeSchema.safeParse({ pledge_date: '2026-11-22', total_loan_amount: 0, items: [] }),
    );
    expect(result).toEqual({
      customer_id: PLEDGE_MESSAGES.create,
      scheme_id: PLEDGE_MESSAGES.create,
      total_loan_amount: PLEDGE_MESSAGES.create,
      items: PLEDGE_MESSAGES.create,
    });
    expect(PLEDGE_MESSAGES.create).toBe(
      'Validation Error: Please select a customer, scheme, add at least one item, and ensure loan amount is positive.',
    );
  });
  it('checks item weights: positive, 3 decimals, net not above gross', () => {
    const result = messages(
      createPledgeSchema.safeParse({
        ...pledge,
        items: [
          { ...item, net_weight: 10.3 },
          { ...item, gross_weight: 0 },
          { ...item, net_weight: 1.2345 },
        ],
      }),
    );
    expect(result).toEqual({
      'items.0.net_weight': 'Net weight cannot be more than gross weight',
      'items.1.gross_weight': 'Gross weight must be above 0',
      'items.2.net_weight': 'Weight can have at most 3 decimals',
    });
  });
  it('rejects amounts with more than 2 decimals', () => {
    expect(messages(createPledgeSchema.safeParse({ ...pledge, total_loan_amount: 100.005 }))).toEqual({
      total_loan_amount: 'Amount can have at most 2 decimals',
    });
  });
});

describe('update pledge (pledges-and-payments §5)', () => {
  it('needs items with the update message and ids for kept or updated items', () => {
    expect(messages(updatePledgeSchema.safeParse({ ...pledge, items: [] }))).toEqual({
      items: 'Please ensure all required fields are filled and at least one item is added.',
    });
    expect(
      messages(updatePledgeSchema.safeParse({ ...pledge, items: [{ ...item, action: 'keep' }] })),
    ).toEqual({
      'items.0.pledge_item_id': 'Item id is required to keep or update an item',
    });
    const parsed = updatePledgeSchema.parse({
      ...pledge,
      items: [{ ...item, action: 'update', pledge_item_id: 9 }, item],
    });
    expect(parsed.items.map((i) => i.action)).toEqual(['update', 'add']);
    expect(parsed.delete_item_ids).toEqual([]);
  });
});

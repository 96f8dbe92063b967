/**
 * The narrations the server writes on the vouchers it posts, by kind: the English text stored in
 * `vouchers.narration` (what a CSV, an old screen or a search reads), with the kind and its values stored
 * beside it (`narration_code`, `narration_params`) so a screen can say it in the reader's language
 * (the web's voucher narration catalogue has the same kinds and arguments). `{name}` is a value.
 */
export const VOUCHER_NARRATIONS = {
  receipt_payment: 'Receipt {receipt}: payment on pledge {pledges}',
  receipt_reversed: 'Receipt {receipt} reversed: {reason}',
  pledge_payout: 'Pledge {pledge} to {customer}: loan paid out',
  pledge_payout_reversed: 'Pledge {pledge} edited: its earlier payout reversed',
  renewal:
    'Pledge {pledge} to {customer}: renewal of pledge {oldPledge}, its outstanding settled from the new loan',
  bank_repledged: 'Pledge {pledge}: articles re-pledged with {bank}, ref. {reference}',
  bank_returned: 'Pledge {pledge}: articles back from the bank, ref. {reference}',
  drawer_shortage: 'Cash drawer {drawer} of {date}: shortage of {amount} at the close',
  drawer_excess: 'Cash drawer {drawer} of {date}: excess of {amount} at the close',
  auction_sale: 'Auction sale of pledge {pledge} (lot {lot}) to {buyer}',
  auction_sale_surplus:
    'Auction sale of pledge {pledge} (lot {lot}) to {buyer}; surplus {amount} owed to the pawner',
  auction_sale_shortfall:
    'Auction sale of pledge {pledge} (lot {lot}) to {buyer}; shortfall {amount} receivable from the pawner',
  surplus_paid: 'Auction surplus of pledge {pledge} paid to {to}',
  surplus_deposited:
    'Unclaimed auction surplus of pledge {pledge} (pawner {pawner}) deposited with the Government, reference {reference}',
  shortfall_collected: 'Auction shortfall collected from {pawner}, receipt {receipt}',
  shortfall_written_off: 'Auction shortfall of {pawner} written off: {reason}',
} as const;

export type VoucherNarrationCode = keyof typeof VOUCHER_NARRATIONS;

/** The most characters a voucher's narration keeps (`vouchers.narration`). */
export const NARRATION_LIMIT = 500;

const fill = (code: VoucherNarrationCode, params: Record<string, string>) =>
  VOUCHER_NARRATIONS[code].replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '');

/** A voucher's narration of a kind: the English text (at most 500 characters) and what to store with it. */
export function voucherNarration(
  code: VoucherNarrationCode,
  params: Record<string, string>,
): { narration: string; narrationCode: VoucherNarrationCode; narrationParams: Record<string, string> } {
  return {
    narration: fill(code, params).slice(0, NARRATION_LIMIT),
    narrationCode: code,
    narrationParams: params,
  };
}

/**
 * The text of a narration one of whose values (`later`, a receipt's number) is known only when the
 * database numbers the voucher: every other value filled, `{later}` kept, not yet cut. Replacing
 * `{later}` by the value and keeping the first NARRATION_LIMIT characters gives `voucherNarration`'s
 * text (receipt.service.ts does it in the numbering statement).
 */
export function narrationFilledLater(
  code: VoucherNarrationCode,
  params: Record<string, string>,
  later: string,
): string {
  return fill(code, { ...params, [later]: `{${later}}` });
}

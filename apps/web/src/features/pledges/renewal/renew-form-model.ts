import {
  businessToday,
  isPlainDate,
  type PledgeView,
  type RenewalPaymentMethod,
  type RenewPledgeFormInput,
} from '@pledge-desk/domain';
import { moneyTextError } from '@/components/ui/money-input';
import {
  type ItemRow,
  moneyForJson,
  weightForJson,
  weightMg,
} from '@/features/pledges/form/pledge-form-model';

/** A kept article of the old pledge: its weights as typed (the stored ones until weighed again). */
export interface KeepRow {
  id: number;
  keep: boolean;
  gross: string;
  net: string;
}

export interface RenewFormState {
  renewalDate: string;
  schemeId: number | null;
  keepRows: KeepRow[];
  addRows: ItemRow[];
  loan: string;
  charges: string;
  method: RenewalPaymentMethod;
  reference: string;
  confirmed: boolean;
}

const keepRowsOf = (pledge: PledgeView): KeepRow[] =>
  pledge.items.map((i) => ({
    id: i.pledge_item_id,
    keep: true,
    gross: String(i.gross_weight),
    net: String(i.net_weight),
  }));

/** The form as it opens on a pledge: every article kept, the pledge's scheme, loan and charges. */
export const renewFormOf = (pledge: PledgeView): RenewFormState => ({
  renewalDate: businessToday(),
  schemeId: pledge.scheme_id,
  keepRows: keepRowsOf(pledge),
  addRows: [],
  loan: String(pledge.total_loan_amount),
  charges: String(pledge.document_charges),
  method: 'cash',
  reference: '',
  confirmed: false,
});

/** The added rows with something typed: the only ones the body lists. */
export const sentAddRows = (rows: readonly ItemRow[]): ItemRow[] =>
  rows.filter((r) => r.design || r.gross || r.net);

/** The request body from the form, or null while something typed cannot be sent yet. */
export function bodyOf(state: RenewFormState): RenewPledgeFormInput | null {
  const keep = state.keepRows.filter((r) => r.keep);
  const add = sentAddRows(state.addRows);
  if (keep.length + add.length === 0) return null;
  if (keep.some((r) => weightMg(r.gross) === null || weightMg(r.net) === null)) return null;
  if (add.some((r) => !r.design || weightMg(r.gross) === null || weightMg(r.net) === null)) return null;
  if (moneyTextError(state.loan, { aboveZero: true }) || !state.loan.trim()) return null;
  if (moneyTextError(state.charges)) return null;
  if (!isPlainDate(state.renewalDate)) return null;
  return {
    renewal_date: state.renewalDate,
    ...(state.schemeId ? { scheme_id: state.schemeId } : {}),
    items: {
      keep: keep.map((r) => ({
        pledge_item_id: r.id,
        gross_weight: weightForJson(r.gross),
        net_weight: weightForJson(r.net),
      })),
      add: add.map((r) => ({
        jewell_design_id: r.design!.id,
        gross_weight: weightForJson(r.gross),
        net_weight: weightForJson(r.net),
        jewell_condition: r.condition.trim() || null,
        remarks: r.remarks.trim() || null,
      })),
    },
    total_loan_amount: moneyForJson(state.loan),
    document_charges: state.charges.trim() ? moneyForJson(state.charges) : 0,
    payment_method: state.method,
    payment_reference: state.method === 'cash' ? null : state.reference.trim() || null,
    cash_limit_confirmed: state.confirmed,
  };
}

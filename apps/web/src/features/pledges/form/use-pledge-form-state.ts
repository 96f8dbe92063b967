import {
  businessToday,
  type CustomerView,
  type PledgePayoutMethod,
  type PledgeStatus,
  type PledgeView,
} from '@pledge-desk/domain';
import { useState } from 'react';
import type { RowField } from './components/pledge-item-table';
import { type ItemRow, rowOfItem } from './pledge-form-model';

/** The pledge an edit screen opens with, and its customer. */
export interface PledgeFormInitial {
  pledge: PledgeView;
  customer: CustomerView;
}

export const ROW_FIELDS: readonly RowField[] = [
  'jewell_design_id',
  'jewell_condition',
  'gross_weight',
  'net_weight',
  'remarks',
];
export const TOP_FIELDS = [
  'customer_id',
  'scheme_id',
  'pledge_date',
  'due_date',
  'total_loan_amount',
  'first_month_interest',
  'final_amount',
  'document_charges',
  'status',
  'remarks',
  'packet_no',
  'payout_method',
  'payout_reference',
  'cash_limit_confirmed',
] as const;

/** The edit screen's customer details (spec §2.2): name, phone, the address lines and the city (labels: catalogue keys). */
export const CUSTOMER_DETAIL_FIELDS = [
  ['customer_name', 'customerName', 150],
  ['mobile_number', 'phone', 20],
  ['door_no', 'doorNo', 50],
  ['street', 'street', 200],
  ['location', 'location', 150],
  ['district', 'city', 100],
] as const;
export type CustomerDetailField = (typeof CUSTOMER_DETAIL_FIELDS)[number][0];
export type CustomerDetails = Record<CustomerDetailField, string>;

export function detailsOf(customer: CustomerView | null): CustomerDetails {
  return {
    customer_name: customer?.customer_name ?? '',
    mobile_number: customer?.mobile_number ?? '',
    door_no: customer?.door_no ?? '',
    street: customer?.street ?? '',
    location: customer?.location ?? '',
    district: customer?.district ?? '',
  };
}

const amountText = (rupees: number) => (Number.isFinite(rupees) ? String(rupees) : '');

export interface FormState {
  customerNumber: string;
  customer: CustomerView | null;
  schemeId: string;
  pledgeDate: string;
  rows: ItemRow[];
  loanText: string;
  documentChargesText: string;
  remarks: string;
  /** The packet the articles are sealed in (vault register). */
  packetNo: string;
  status: PledgeStatus;
  isMoveToBank: boolean;
  details: CustomerDetails;
  deleteItemIds: number[];
  payoutMethod: PledgePayoutMethod;
  payoutReference: string;
  /** Warn mode of the cash limit: 'Customer insists on cash' ticked. */
  cashLimitConfirmed: boolean;
}

export function initialState(initial: PledgeFormInitial | undefined): FormState {
  if (!initial) {
    return {
      customerNumber: '',
      customer: null,
      schemeId: '',
      pledgeDate: businessToday(),
      rows: [],
      loanText: '',
      documentChargesText: '100',
      remarks: '',
      packetNo: '',
      status: 'active',
      isMoveToBank: false,
      details: detailsOf(null),
      deleteItemIds: [],
      payoutMethod: 'cash',
      payoutReference: '',
      cashLimitConfirmed: false,
    };
  }
  const { pledge, customer } = initial;
  return {
    customerNumber: customer.acc_code,
    customer,
    schemeId: String(pledge.scheme_id),
    pledgeDate: pledge.pledge_date,
    rows: pledge.items.map(rowOfItem),
    loanText: amountText(pledge.total_loan_amount),
    documentChargesText: amountText(pledge.document_charges),
    remarks: pledge.remarks ?? '',
    packetNo: pledge.packet_no ?? '',
    status: pledge.status,
    isMoveToBank: pledge.is_move_to_bank,
    details: detailsOf(customer),
    deleteItemIds: [],
    payoutMethod: pledge.payout_method ?? 'cash',
    payoutReference: pledge.payout_reference ?? '',
    // A payout confirmed when the pledge was made stays confirmed on its edit screen.
    cashLimitConfirmed: pledge.cash_limit_confirmed ?? false,
  };
}

/** The form as typed, to tell an untouched form from one with unsaved input (rows' keys and photos aside). */
export const typedOf = (s: FormState) =>
  JSON.stringify({
    ...s,
    rows: s.rows.map(({ key: _k, photo, ...r }) => ({ ...r, photo: photo?.name ?? null })),
  });

/** The form as typed and the messages placed on its fields, its item rows and the customer's details. */
export function usePledgeFormState(initial: PledgeFormInitial | undefined) {
  const [state, setState] = useState<FormState>(() => initialState(initial));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, Partial<Record<RowField, string>>>>({});
  const [detailErrors, setDetailErrors] = useState<Partial<Record<CustomerDetailField, string>>>({});
  const set = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  const clearError = (...fields: string[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const f of fields) delete next[f];
      return next;
    });
  return {
    state,
    setState,
    set,
    errors,
    setErrors,
    clearError,
    rowErrors,
    setRowErrors,
    detailErrors,
    setDetailErrors,
  };
}

export type PledgeFormState = ReturnType<typeof usePledgeFormState>;

/** A pledge closed by payment on 01/10/2026, waiting 12 working days for its articles to be released. */
export const row = (over: object = {}) => ({
  pledge_id: 7,
  pledge_no: 'GL7',
  packet_no: null,
  customer_id: 3,
  customer_name: 'Meenakshi',
  customer_mobile: '9876543210',
  pledge_date: '2026-08-01',
  closed_date: '2026-10-01',
  closed_by: 'payment',
  total_loan_amount: 40000,
  item_count: 2,
  net_weight: 14.125,
  is_move_to_bank: false,
  working_days_waited: 12,
  overdue: true,
  ...over,
});

/**
 * The receipt's labels, English then Tamil (Tamil Nadu Pawnbrokers Rules 1943, Rule 10: records in
 * Tamil), set like the pawn ticket's.
 */
export const receiptLabels = {
  title: ['Payment Receipt', 'பணம் பெற்ற ரசீது'],
  licence: ['Licence No', 'உரிம எண்'],
  receiptNo: ['Receipt No', 'ரசீது எண்'],
  date: ['Date', 'தேதி'],
  voucherNo: ['Voucher No', 'வவுச்சர் எண்'],
  customer: ['Received from', 'பெறப்பட்டது'],
  customerId: ['Customer ID', 'வாடிக்கையாளர் எண்'],
  mobile: ['Mobile', 'கைபேசி'],
  address: ['Address', 'முகவரி'],
  serial: ['S.No', 'வ.எண்'],
  pledgeNo: ['Pledge No', 'அடகு எண்'],
  type: ['Type', 'வகை'],
  interest: ['Interest', 'வட்டி'],
  principal: ['Principal', 'அசல்'],
  penalty: ['Penalty', 'அபராதம்'],
  discount: ['Discount', 'தள்ளுபடி'],
  balanceAfter: ['Balance After', 'மீதி நிலுவை'],
  total: ['Total', 'மொத்தம்'],
  amountReceived: ['Amount Received', 'பெற்ற தொகை'],
  inWords: ['In Words', 'எழுத்தில்'],
  method: ['Payment Method', 'செலுத்தும் முறை'],
  reference: ['Reference', 'குறிப்பு எண்'],
  remarks: ['Remarks', 'குறிப்புகள்'],
  approvedBy: ['Approved by', 'அனுமதித்தவர்'],
  customerSignature: ['Signature of Customer', 'வாடிக்கையாளர் கையொப்பம்'],
  cashierSignature: ['Signature of Cashier', 'காசாளர் கையொப்பம்'],
  reversed: ['REVERSED', 'திரும்பப்பெறப்பட்டது'],
  pledgeClosed: ['Pledge closed', 'அடகு முடிந்தது'],
} as const satisfies Record<string, readonly [string, string]>;

export type ReceiptLabel = keyof typeof receiptLabels;

/** 'Receipt No / ரசீது எண்' */
export function receiptLabelText(label: ReceiptLabel): string {
  const [english, tamil] = receiptLabels[label];
  return `${english} / ${tamil}`;
}

/** The payment types as the receipt names them. */
export const receiptTypeLabels = {
  interest: ['Interest', 'வட்டி'],
  partial_principal: ['Part Principal', 'பகுதி அசல்'],
  full_payment: ['Full Close', 'முழுத் தீர்வு'],
} as const;

/** The methods as the receipt names them. */
export const receiptMethodLabels = {
  cash: 'Cash / ரொக்கம்',
  bank: 'Bank Transfer / வங்கிப் பரிமாற்றம்',
  online: 'Online Payment / ஆன்லைன் செலுத்துதல்',
  cheque: 'Cheque / காசோலை',
  bank_transfer: 'Bank Transfer / வங்கிப் பரிமாற்றம்',
  renewal: 'Renewal / புதுப்பிப்பு',
} as const;

/**
 * The ticket's labels, English then Tamil (Tamil Nadu Pawnbrokers Rules 1943, Rule 10: records in
 * Tamil). The particulars are those of the pawn ticket, Form F (docs/domain-rules.md §10.2): the
 * pawnbroker and licence, pledge number and date, the pawner's name and address, the articles with
 * their number and weight, the principal, the interest, the period for redemption.
 */
export const ticketLabels = {
  title: ['Pawn Ticket', 'அடகுச் சீட்டு'],
  form: ['Form F', 'படிவம் F'],
  licence: ['Licence No', 'உரிம எண்'],
  pledgeNo: ['Pledge No', 'அடகு எண்'],
  pledgeDate: ['Date of Pledge', 'அடகு தேதி'],
  dueDate: ['Due Date', 'கெடு தேதி'],
  pawner: ["Pawner's Name", 'அடகு வைப்பவர் பெயர்'],
  guardian: ['Father / Husband', 'தந்தை / கணவர்'],
  address: ['Address', 'முகவரி'],
  customerId: ['Customer ID', 'வாடிக்கையாளர் எண்'],
  mobile: ['Mobile', 'கைபேசி'],
  serial: ['S.No', 'வ.எண்'],
  description: ['Description of Articles', 'பொருட்களின் விவரம்'],
  grossWeight: ['Gross Wt (g)', 'மொத்த எடை'],
  netWeight: ['Net Wt (g)', 'நிகர எடை'],
  photo: ['Photo', 'படம்'],
  articles: ['Number of Articles', 'பொருட்களின் எண்ணிக்கை'],
  total: ['Total', 'மொத்தம்'],
  value: ['Value of Articles', 'பொருட்களின் மதிப்பு'],
  amountLent: ['Amount Lent', 'கடன் தொகை'],
  interestRate: ['Rate of Interest', 'வட்டி விகிதம்'],
  firstMonthInterest: ['First Month Interest', 'முதல் மாத வட்டி'],
  documentCharges: ['Document Charges', 'ஆவணக் கட்டணம்'],
  amountPaid: ['Amount Paid Out', 'வழங்கிய தொகை'],
  inWords: ['Amount Lent in Words', 'கடன் தொகை எழுத்தில்'],
  redemption: ['Period for Redemption', 'மீட்புக் காலம்'],
  pawnerSignature: ['Signature of Pawner', 'அடகு வைப்பவர் கையொப்பம்'],
  pawnbrokerSignature: ['Signature of Pawnbroker', 'அடகு பிடிப்பவர் கையொப்பம்'],
} as const satisfies Record<string, readonly [string, string]>;

export type TicketLabel = keyof typeof ticketLabels;

/** 'Pledge No / அடகு எண்' */
export function labelText(label: TicketLabel): string {
  const [english, tamil] = ticketLabels[label];
  return `${english} / ${tamil}`;
}

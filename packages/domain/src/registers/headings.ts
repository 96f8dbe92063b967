/**
 * The registers' column headings in English with the Tamil under it ("English and Tamil
 * headings"; Rule 10 of the Tamil Nadu Pawnbrokers Rules: records kept in Tamil). One place for the
 * words, read by the screens and print views (apps/web registers) and by the server's CSV files, so a
 * heading reads the same on the screen, on paper and in a spreadsheet.
 */
export interface BilingualHeading {
  readonly en: string;
  readonly ta: string;
}

/** The pledge book's and the vault register's screen and print headings. */
export const registerHeadings = {
  serial: { en: 'Serial', ta: 'வரிசை எண்' },
  pledgeNo: { en: 'Pledge No.', ta: 'அடகு எண்' },
  packetNo: { en: 'Packet No.', ta: 'பொட்டல எண்' },
  date: { en: 'Date', ta: 'தேதி' },
  pawner: { en: 'Pawner', ta: 'அடகு வைத்தவர்' },
  address: { en: 'Address', ta: 'முகவரி' },
  amountLent: { en: 'Amount Lent', ta: 'கடன் தொகை' },
  interest: { en: 'Interest', ta: 'வட்டி' },
  period: { en: 'Redemption Period', ta: 'மீட்பு காலம்' },
  articles: { en: 'Articles', ta: 'நகைகள்' },
  count: { en: 'Count', ta: 'எண்ணிக்கை' },
  weight: { en: 'Weight (g)', ta: 'எடை (கி)' },
  grossWeight: { en: 'Gross (g)', ta: 'மொத்த எடை (கி)' },
  netWeight: { en: 'Net (g)', ta: 'நிகர எடை (கி)' },
  value: { en: 'Value', ta: 'மதிப்பு' },
  payments: { en: 'Payments', ta: 'செலுத்தியவை' },
  redeemed: { en: 'Redeemed / Auctioned', ta: 'மீட்பு / ஏலம்' },
  redeemer: { en: 'Redeemer / Buyer', ta: 'மீட்டவர் / வாங்கியவர்' },
  customer: { en: 'Customer', ta: 'வாடிக்கையாளர்' },
  jewelType: { en: 'Jewel Type', ta: 'நகை வகை' },
  description: { en: 'Description', ta: 'விவரம்' },
} as const satisfies Record<string, BilingualHeading>;

export type RegisterHeadingKey = keyof typeof registerHeadings;

/**
 * The operational registers' screen headings (overdue list, daily collection, loans paid out). Three
 * objects, not one: a screen's code carries only the words it shows (docs/performance.md, page weight).
 */
export const operationsHeadings = {
  amountLent: registerHeadings.amountLent,
  date: registerHeadings.date,
  interest: registerHeadings.interest,
  pawner: registerHeadings.pawner,
  pledgeNo: registerHeadings.pledgeNo,
  mobile: { en: 'Mobile', ta: 'கைபேசி' },
  dueDate: { en: 'Due Date', ta: 'கெடு தேதி' },
  daysOverdue: { en: 'Days Overdue', ta: 'தாமத நாட்கள்' },
  principalDue: { en: 'Principal Due', ta: 'அசல் நிலுவை' },
  outstanding: { en: 'Outstanding', ta: 'நிலுவை' },
  receiptNo: { en: 'Receipt No.', ta: 'ரசீது எண்' },
  method: { en: 'Method', ta: 'முறை' },
  user: { en: 'User', ta: 'பயனர்' },
  principal: { en: 'Principal', ta: 'அசல்' },
  penalty: { en: 'Penalty', ta: 'அபராதம்' },
  discount: { en: 'Discount', ta: 'தள்ளுபடி' },
  net: { en: 'Net', ta: 'நிகரம்' },
  receipts: { en: 'Receipts', ta: 'ரசீதுகள்' },
  type: { en: 'Type', ta: 'வகை' },
  scheme: { en: 'Scheme', ta: 'திட்டம்' },
  firstMonthInterest: { en: 'First Month Interest', ta: 'முதல் மாத வட்டி' },
  documentCharges: { en: 'Document Charges', ta: 'ஆவணக் கட்டணம்' },
  amountPaid: { en: 'Amount Paid', ta: 'வழங்கிய தொகை' },
  payout: { en: 'Payout', ta: 'வழங்கும் முறை' },
  pledgeCount: { en: 'Pledges', ta: 'அடகுகள்' },
} as const satisfies Record<string, BilingualHeading>;

/** Headings only the CSV files carry. */
export const csvOnlyHeadings = {
  page: { en: 'Page', ta: 'பக்கம்' },
  pledgeNos: { en: 'Pledges', ta: 'அடகு எண்கள்' },
  pledgeDate: { en: 'Pledge Date', ta: 'அடகு தேதி' },
  guardian: { en: 'Father / Husband', ta: 'தந்தை / கணவர்' },
  loanAmount: { en: 'Loan Amount', ta: 'கடன் தொகை' },
  interestRate: { en: 'Interest % per month', ta: 'மாத வட்டி (%)' },
  periodMonths: { en: 'Redemption Period (months)', ta: 'மீட்பு காலம் (மாதங்கள்)' },
  articleCount: { en: 'Article Count', ta: 'பொருட்களின் எண்ணிக்கை' },
  grossWeightFull: { en: 'Gross Weight (g)', ta: 'மொத்த எடை (கி)' },
  netWeightFull: { en: 'Net Weight (g)', ta: 'நிகர எடை (கி)' },
  redemptionDate: { en: 'Redemption Date', ta: 'மீட்பு தேதி' },
  auctionDate: { en: 'Auction Date', ta: 'ஏல தேதி' },
  status: { en: 'Status', ta: 'நிலை' },
  condition: { en: 'Condition', ta: 'நிலைமை' },
  principalOutstanding: { en: 'Principal Outstanding', ta: 'அசல் நிலுவை' },
  interestOutstanding: { en: 'Interest Outstanding', ta: 'வட்டி நிலுவை' },
  reversed: { en: 'Reversed', ta: 'திரும்பப்பெறப்பட்டது' },
  payoutMethod: { en: 'Payout Method', ta: 'வழங்கும் முறை' },
  payoutReference: { en: 'Payout Reference', ta: 'வழங்கல் குறிப்பு எண்' },
  lotNo: { en: 'Lot No.', ta: 'தொகுதி எண்' },
  saleDate: { en: 'Sale Date', ta: 'விற்பனை தேதி' },
  auctioneer: { en: 'Auctioneer', ta: 'ஏலதாரர்' },
  buyer: { en: 'Buyer', ta: 'வாங்கியவர்' },
  buyerAddress: { en: 'Buyer Address', ta: 'வாங்கியவர் முகவரி' },
  salePrice: { en: 'Sale Price', ta: 'விற்பனை விலை' },
  interestDue: { en: 'Interest Due', ta: 'வட்டி நிலுவை' },
  surplus: { en: 'Surplus (owed to pawner)', ta: 'உபரி (அடகு வைத்தவருக்குச் சேர வேண்டியது)' },
  shortfall: { en: 'Shortfall (due from pawner)', ta: 'பற்றாக்குறை (அடகு வைத்தவர் செலுத்த வேண்டியது)' },
  customerCode: { en: 'Customer Code', ta: 'வாடிக்கையாளர் குறியீடு' },
  bank: { en: 'Bank', ta: 'வங்கி' },
  bankBranch: { en: 'Bank Branch', ta: 'வங்கிக் கிளை' },
  dateToBank: { en: 'Date to Bank', ta: 'வங்கிக்குக் கொடுத்த தேதி' },
  amountBorrowed: { en: 'Amount Borrowed', ta: 'பெற்ற கடன்' },
  bankReference: { en: 'Bank Reference', ta: 'வங்கிக் குறிப்பு எண்' },
  receivedBy: { en: 'Received By', ta: 'பெற்ற முறை' },
  returnedOn: { en: 'Returned On', ta: 'திரும்பிய தேதி' },
  bankInterest: { en: 'Bank Interest', ta: 'வங்கி வட்டி' },
  paidBy: { en: 'Paid By', ta: 'செலுத்திய முறை' },
  returnReference: { en: 'Return Reference', ta: 'திரும்புதல் குறிப்பு எண்' },
  daysAtBank: { en: 'Days at Bank', ta: 'வங்கியில் இருந்த நாட்கள்' },
  kycMissing: { en: 'KYC Missing', ta: 'விடுபட்ட KYC' },
  openPledges: { en: 'Open Pledges', ta: 'நடப்பு அடகுகள்' },
  openLoans: { en: 'Open Loans', ta: 'நிலுவைக் கடன்கள்' },
  registeredOn: { en: 'Registered On', ta: 'பதிவு செய்த தேதி' },
} as const satisfies Record<string, BilingualHeading>;

export type CsvHeadingKey =
  | RegisterHeadingKey
  | keyof typeof operationsHeadings
  | keyof typeof csvOnlyHeadings;

/** A heading's words, wherever they are kept. */
export function headingOf(key: CsvHeadingKey): BilingualHeading {
  const all: Record<string, BilingualHeading | undefined>[] = [
    registerHeadings,
    operationsHeadings,
    csvOnlyHeadings,
  ];
  for (const words of all) {
    const h = words[key];
    if (h) return h;
  }
  throw new RangeError(`no heading ${key}`);
}

/** The columns of each register's CSV file, in order. */
export const REGISTER_CSV_COLUMNS = {
  pledgeBook: [
    'serial',
    'page',
    'pledgeNo',
    'date',
    'customerCode',
    'pawner',
    'guardian',
    'address',
    'amountLent',
    'interestRate',
    'firstMonthInterest',
    'periodMonths',
    'dueDate',
    'articles',
    'articleCount',
    'grossWeightFull',
    'netWeightFull',
    'value',
    'payments',
    'redemptionDate',
    'auctionDate',
    'redeemer',
    'status',
  ],
  vault: [
    'pledgeNo',
    'packetNo',
    'date',
    'customer',
    'jewelType',
    'description',
    'condition',
    'count',
    'grossWeightFull',
    'netWeightFull',
  ],
  kycIncomplete: [
    'customerCode',
    'customer',
    'mobile',
    'kycMissing',
    'openPledges',
    'openLoans',
    'registeredOn',
  ],
  overdue: [
    'pledgeNo',
    'pledgeDate',
    'customer',
    'mobile',
    'dueDate',
    'daysOverdue',
    'loanAmount',
    'principalOutstanding',
    'interestOutstanding',
    'outstanding',
  ],
  collections: [
    'date',
    'receiptNo',
    'customer',
    'pledgeNos',
    'method',
    'user',
    'interest',
    'principal',
    'penalty',
    'discount',
    'net',
    'reversed',
  ],
  disbursements: [
    'date',
    'pledgeNo',
    'customer',
    'scheme',
    'user',
    'loanAmount',
    'firstMonthInterest',
    'documentCharges',
    'amountPaid',
    'payoutMethod',
    'payoutReference',
  ],
  saleBook: [
    'serial',
    'lotNo',
    'pledgeNo',
    'pledgeDate',
    'pawner',
    'guardian',
    'address',
    'articles',
    'articleCount',
    'grossWeightFull',
    'netWeightFull',
    'saleDate',
    'auctioneer',
    'buyer',
    'buyerAddress',
    'salePrice',
    'principalDue',
    'interestDue',
    'outstanding',
    'surplus',
    'shortfall',
  ],
  atBanks: [
    'pledgeNo',
    'pledgeDate',
    'customerCode',
    'customer',
    'articles',
    'grossWeightFull',
    'netWeightFull',
    'bank',
    'bankBranch',
    'dateToBank',
    'amountBorrowed',
    'bankReference',
    'receivedBy',
    'returnedOn',
    'bankInterest',
    'paidBy',
    'returnReference',
    'daysAtBank',
  ],
} as const satisfies Record<string, readonly CsvHeadingKey[]>;

export type RegisterCsvKind = keyof typeof REGISTER_CSV_COLUMNS;

/**
 * A heading cell of a register's CSV: the English, a line break, the Tamil, as the screen draws it. A
 * line feed inside a quoted cell is plain RFC 4180, and a spreadsheet shows it as a two-line heading;
 * rows end with CRLF, so the file split at CRLF is still one piece per row.
 */
export function bilingualCsvHeading(key: CsvHeadingKey): string {
  const h = headingOf(key);
  return `${h.en}\n${h.ta}`;
}

/**
 * How a CSV's heading row is written: `bilingual` (the default, for people: English with the Tamil
 * under it) or `en` (English only, one line a cell, for a program that finds its columns by name).
 */
export const CSV_HEADING_STYLES = ['bilingual', 'en'] as const;
export type CsvHeadingStyle = (typeof CSV_HEADING_STYLES)[number];

/** The heading row of a register's CSV. */
export function registerCsvHeadings(kind: RegisterCsvKind, style: CsvHeadingStyle = 'bilingual'): string[] {
  return REGISTER_CSV_COLUMNS[kind].map((key) =>
    style === 'en' ? headingOf(key).en : bilingualCsvHeading(key),
  );
}

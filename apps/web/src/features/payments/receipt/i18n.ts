import { defineCatalogue } from '@/lib/i18n/catalogue';

/**
 * The payment receipt's page: the toolbar, the states around the sheet, and what the
 * sheet says outside its printed English-and-Tamil labels (receipt-labels.ts, bilingual on purpose:
 * Tamil Nadu Pawnbrokers Rules 1943, Rule 10).
 */
export const receiptText = defineCatalogue(
  'features/payments/receipt',
  {
    // The page
    paymentHistory: 'Payment History',
    receiptKind: 'Receipt kind',
    noReceiptId: 'No receipt ID provided',
    loading: 'Loading receipt...',
    loadFailed: 'Failed to load the receipt',
    notFound: 'Receipt not found',
    printFailed: 'Failed to record the receipt print',
    printError: 'Print Error',
    preview: 'Receipt preview',
    overflow:
      '{paper, select, A5 {This receipt runs over one A5 sheet. Choose A4 to print it on one sheet.} other {This receipt runs over one {paper} sheet.}}',
    // The sheet (its name for screen readers keeps the printed title's English beside the Tamil)
    sheet: 'Payment receipt',
    sheetContentOnly: 'Payment receipt, content only',
    logo: '{company} logo',
    phone: 'Phone: {phone}',
    pledgesPaid: 'Pledges paid',
  },
  {
    paymentHistory: 'செலுத்துதல் வரலாறு',
    receiptKind: 'ரசீது வகை',
    noReceiptId: 'ரசீது அடையாள எண் தரப்படவில்லை',
    loading: 'ரசீது ஏற்றப்படுகிறது...',
    loadFailed: 'ரசீதை ஏற்ற முடியவில்லை',
    notFound: 'ரசீது கிடைக்கவில்லை',
    printFailed: 'ரசீது அச்சைப் பதிவு செய்ய முடியவில்லை',
    printError: 'அச்சுப் பிழை',
    preview: 'ரசீது முன்னோட்டம்',
    overflow:
      '{paper, select, A5 {இந்த ரசீது ஒரு A5 தாளுக்கு மேல் நீள்கிறது. ஒரே தாளில் அச்சிட A4 ஐத் தேர்ந்தெடுக்கவும்.} other {இந்த ரசீது ஒரு {paper} தாளுக்கு மேல் நீள்கிறது.}}',
    sheet: 'Payment receipt / பணம் பெற்ற ரசீது',
    sheetContentOnly: 'Payment receipt, content only / பணம் பெற்ற ரசீது, உள்ளடக்கம் மட்டும்',
    logo: '{company} சின்னம்',
    phone: 'தொலைபேசி: {phone}',
    pledgesPaid: 'செலுத்தப்பட்ட அடகுகள்',
  },
);

/**
 * The registers' column headings in English with the Tamil under it (Rule 10 of the Tamil Nadu
 * Pawnbrokers Rules: records kept in Tamil). The Tamil is marked `lang="ta"` so a screen reader
 * reads it in Tamil, and Noto Sans Tamil (the app's font) draws it.
 */
export const headings = {
  serial: { en: 'Serial', ta: 'வரிசை எண்' },
  pledgeNo: { en: 'Pledge No.', ta: 'அடகு எண்' },
  packetNo: { en: 'Packet No.', ta: 'பொட்டல எண்' },
  date: { en: 'Date', ta: 'தேதி' },
  pawner: { en: 'Pawner', ta: 'அடகு வைத்தவர்' },
  address: { en: 'Address', ta: 'முகவரி' },
  amountLent: { en: 'Amount Lent', ta: 'கடன் தொகை' },
  interest: { en: 'Interest', ta: 'வட்டி' },
  period: { en: 'Redemption Period', ta: 'மீட்பு காலம்' },
  articles: { en: 'Articles', ta: 'பொருட்கள்' },
  count: { en: 'Count', ta: 'எண்ணிக்கை' },
  weight: { en: 'Weight (g)', ta: 'எடை (கி)' },
  grossWeight: { en: 'Gross (g)', ta: 'மொத்த எடை (கி)' },
  netWeight: { en: 'Net (g)', ta: 'நிகர எடை (கி)' },
  value: { en: 'Value', ta: 'மதிப்பு' },
  payments: { en: 'Payments', ta: 'செலுத்தியவை' },
  redeemed: { en: 'Redeemed / Auctioned', ta: 'மீட்பு / ஏலம்' },
  customer: { en: 'Customer', ta: 'வாடிக்கையாளர்' },
  jewelType: { en: 'Jewel Type', ta: 'நகை வகை' },
  description: { en: 'Description', ta: 'விவரம்' },
} as const;

export type HeadingKey = keyof typeof headings;

export function Bilingual({ name }: { name: HeadingKey }) {
  const h = headings[name];
  return (
    <>
      <span className="block">{h.en}</span>{' '}
      <span lang="ta" className="block text-[0.7rem] font-medium normal-case tracking-normal">
        {h.ta}
      </span>
    </>
  );
}

export const th =
  'px-3 py-2 align-bottom text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300';
export const td = 'px-3 py-2 align-top text-navy-700 dark:text-slate-100';
export const num = 'text-right tabular-nums whitespace-nowrap';
export const muted = 'text-xs text-slate-600 dark:text-slate-300';

/** Grams with their three decimals: 10.5 → "10.500". */
export const grams = (g: number) => g.toFixed(3);

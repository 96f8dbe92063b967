import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The toolbar above a printable sheet (the pawn ticket, the receipt, the registers). */
export const printToolbarText = defineCatalogue(
  'shared/print',
  {
    fullPrint: 'Full Print',
    contentOnly: 'Content Only',
    paperSize: 'Paper size',
    paper: 'Paper',
    printing: 'Printing...',
    print: 'Print',
  },
  {
    fullPrint: 'முழு அச்சு',
    contentOnly: 'உள்ளடக்கம் மட்டும்',
    paperSize: 'தாள் அளவு',
    paper: 'தாள்',
    printing: 'அச்சிடுகிறது...',
    print: 'அச்சிடு',
  },
);

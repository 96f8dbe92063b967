import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The pawn ticket's screen (/pledge/print/{id}): the toolbar's words, loading, failures, the preview. */
export const ticketPageText = defineCatalogue(
  'features/pledges/ticket',
  {
    backToPledges: 'Back to Pledges',
    ticketKind: 'Ticket kind',
    noPledgeId: 'No pledge ID provided',
    loadingPledge: 'Loading pledge...',
    fetchFailed: 'Failed to fetch pledge details',
    preview: 'Ticket preview',
    overflowA5: 'This ticket runs over one A5 sheet. Choose A4 to print it on one sheet.',
    overflow: 'This ticket runs over one {paper} sheet.',
    printError: 'Print Error',
    printFailed: 'Failed to record the ticket print',
    loadingPhoto: "Loading the pawner's photograph...",
    photoFailed: "The pawner's photograph could not be loaded: the ticket prints without it.",
  },
  {
    backToPledges: 'அடகுகளுக்குத் திரும்பு',
    ticketKind: 'சீட்டு வகை',
    noPledgeId: 'அடகு எண் கொடுக்கப்படவில்லை',
    loadingPledge: 'அடகு ஏற்றப்படுகிறது...',
    fetchFailed: 'அடகு விவரங்களைப் பெற முடியவில்லை',
    preview: 'சீட்டின் முன்தோற்றம்',
    overflowA5: 'இந்தச் சீட்டு ஒரு A5 தாளைத் தாண்டுகிறது. ஒரே தாளில் அச்சிட A4 ஐத் தேர்ந்தெடுக்கவும்.',
    overflow: 'இந்தச் சீட்டு ஒரு {paper} தாளைத் தாண்டுகிறது.',
    printError: 'அச்சுப் பிழை',
    printFailed: 'சீட்டு அச்சிட்டதைப் பதிவு செய்ய முடியவில்லை',
    loadingPhoto: 'அடகு வைப்பவரின் புகைப்படம் ஏற்றப்படுகிறது...',
    photoFailed: 'அடகு வைப்பவரின் புகைப்படத்தை ஏற்ற முடியவில்லை: அது இல்லாமல் சீட்டு அச்சாகும்.',
  },
);

/**
 * The words of the ticket itself outside its labels. The labels stay English and Tamil on both
 * interfaces (ticket-labels.ts, Rule 10); the few words printed beside the values follow the interface.
 */
export const ticketText = defineCatalogue(
  'features/pledges/ticket/paper',
  {
    pawnTicket: 'Pawn ticket',
    pawnTicketContent: 'Pawn ticket, content only',
    logo: '{name} logo',
    pawnerPhoto: 'Photograph of {name}',
    phone: 'Phone: {phone}',
    perMonth: '{rate}% per month / மாதம்',
    redemption: '{count, plural, one {# month} other {# months}} / மாதங்கள் (till {date})',
  },
  {
    pawnTicket: 'அடகுச் சீட்டு',
    pawnTicketContent: 'அடகுச் சீட்டு, உள்ளடக்கம் மட்டும்',
    logo: '{name} சின்னம்',
    pawnerPhoto: '{name} அவர்களின் புகைப்படம்',
    phone: 'தொலைபேசி: {phone}',
    perMonth: 'மாதம் {rate}%',
    redemption: '{count, plural, one {# மாதம்} other {# மாதங்கள்}} ({date} வரை)',
  },
);

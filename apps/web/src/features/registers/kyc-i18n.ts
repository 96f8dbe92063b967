import { defineBilingualCatalogue, translator } from '@/lib/i18n/catalogue';

/**
 * The Incomplete KYC Register's own words, on the screen and on paper: a catalogue of its own, so the
 * other registers' screens do not carry them (docs/performance.md, page weight). Its title and column
 * headings print in both languages at once (`kycBoth`), as the other registers' do.
 */
export const kycRegisterText = defineBilingualCatalogue(
  'features/registers/kyc',
  {
    kycTitle: 'Incomplete KYC Register',
    kycRegister: 'Incomplete KYC register',
    kycHeadCode: 'Customer Code',
    kycHeadName: 'Name',
    kycHeadMobile: 'Mobile',
    kycHeadMissing: 'Missing',
    kycHeadOpenPledges: 'Open Pledges',
    kycHeadOpenLoans: 'Open Loans (₹)',
    gapIdDocument: 'No ID document',
    gapPhoto: 'No photograph',
    gapPanOrForm60: 'No PAN or Form 60',
    gapIdProofReview: 'Old ID proof to be checked',
    kycSearch: 'Search by name, mobile or code',
    kycAsOf: 'Customers whose KYC is incomplete, as of {date}',
    kycSearchFor: 'Customers whose KYC is incomplete, matching “{search}”, as of {date}',
    kycByGap: 'Customers by what is missing',
    loadingKyc: 'Loading the incomplete-KYC register...',
    kycFailed: 'Failed to load the incomplete-KYC register.',
    kycAllComplete: 'Every customer’s KYC is complete.',
    kycNoMatch: 'No customer with incomplete KYC matches “{search}”.',
    openCustomer: 'Open customer {code}, {name}',
    backToKyc: 'Back to Incomplete KYC Register',
    unitCustomers: 'customers',
  },
  {
    kycTitle: 'முழுமையற்ற KYC பதிவேடு',
    kycRegister: 'முழுமையற்ற KYC பதிவேடு',
    kycHeadCode: 'வாடிக்கையாளர் குறியீடு',
    kycHeadName: 'பெயர்',
    kycHeadMobile: 'கைபேசி',
    kycHeadMissing: 'இல்லாதவை',
    kycHeadOpenPledges: 'நடப்பு அடகுகள்',
    kycHeadOpenLoans: 'நடப்புக் கடன் (₹)',
    gapIdDocument: 'அடையாள ஆவணம் இல்லை',
    gapPhoto: 'புகைப்படம் இல்லை',
    gapPanOrForm60: 'PAN அல்லது படிவம் 60 இல்லை',
    gapIdProofReview: 'பழைய அடையாளச் சான்றைச் சரிபார்க்க வேண்டும்',
    kycSearch: 'பெயர், கைபேசி எண் அல்லது குறியீட்டால் தேடவும்',
    kycAsOf: '{date} நிலவரப்படி KYC முழுமையடையாத வாடிக்கையாளர்கள்',
    kycSearchFor: '{date} நிலவரப்படி “{search}” உடன் பொருந்தும், KYC முழுமையடையாத வாடிக்கையாளர்கள்',
    kycByGap: 'இல்லாதவை வாரியாக வாடிக்கையாளர்கள்',
    loadingKyc: 'முழுமையற்ற KYC பதிவேடு ஏற்றப்படுகிறது...',
    kycFailed: 'முழுமையற்ற KYC பதிவேட்டை ஏற்ற முடியவில்லை.',
    kycAllComplete: 'எல்லா வாடிக்கையாளர்களின் KYC-யும் முழுமையாக உள்ளது.',
    kycNoMatch: '“{search}” உடன் பொருந்தும் KYC முழுமையடையாத வாடிக்கையாளர் யாரும் இல்லை.',
    openCustomer: 'வாடிக்கையாளர் {code}, {name} விவரங்களைத் திறக்கவும்',
    backToKyc: 'முழுமையற்ற KYC பதிவேட்டுக்குத் திரும்பு',
    unitCustomers: 'வாடிக்கையாளர்கள்',
  },
);

/** The English and the Tamil of the register's printed words, side by side in every language. */
export const kycBoth = {
  en: translator(kycRegisterText, 'en'),
  ta: translator(kycRegisterText, 'ta'),
};

import { defineCatalogue } from '@/lib/i18n/catalogue';

/**
 * The system accounts of docs/domain-rules.md §6.1 by their code (`a1000` is account 1000): the English
 * is the name the server gives them (SYSTEM_ACCOUNT_LIST of the domain), the Tamil the one a Tamil
 * reader sees in the books. An account a user made, or a system account a user renamed, shows as named.
 */
export const systemAccountText = defineCatalogue(
  'shared/accounts',
  {
    a1000: 'Cash in Hand',
    a1190: 'Bank Clearing',
    a1195: 'Renewal Clearing',
    a1200: 'Pledge Loans Receivable',
    a1210: 'Auction Shortfall Receivable',
    a2100: 'Auction Surplus Payable',
    a2200: 'Bank Borrowings on Re-pledged Gold',
    a3000: 'Capital',
    a4000: 'Interest Income',
    a4100: 'Document Charges Income',
    a4200: 'Penalty Income',
    a4300: 'Cash Over',
    a5000: 'Discount Allowed',
    a5100: 'Cash Short',
    a5200: 'Auction Shortfall Written Off',
    a5300: 'Interest on Bank Borrowings',
  },
  {
    a1000: 'கையிருப்பு ரொக்கம்',
    a1190: 'வங்கித் தீர்வுக் கணக்கு',
    a1195: 'புதுப்பித்தல் தீர்வுக் கணக்கு',
    a1200: 'வரவேண்டிய அடகுக் கடன்கள்',
    a1210: 'வரவேண்டிய ஏலப் பற்றாக்குறை',
    a2100: 'தர வேண்டிய ஏல உபரி',
    a2200: 'மறுஅடகுத் தங்கத்தின் மீதான வங்கிக் கடன்',
    a3000: 'மூலதனம்',
    a4000: 'வட்டி வருமானம்',
    a4100: 'ஆவணக் கட்டண வருமானம்',
    a4200: 'அபராத வருமானம்',
    a4300: 'ரொக்க மிகுதி',
    a5000: 'அளித்த தள்ளுபடி',
    a5100: 'ரொக்கக் குறைவு',
    a5200: 'தள்ளுபடி செய்த ஏலப் பற்றாக்குறை',
    a5300: 'வங்கிக் கடன் வட்டி',
  },
);

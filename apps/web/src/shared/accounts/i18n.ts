import { VOUCHER_NARRATIONS } from '@pledge-desk/domain';
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

/**
 * The narrations the server writes on its vouchers, by kind: the English is VOUCHER_NARRATIONS of the
 * domain itself, the Tamil names every kind. A voucher's narration without a kind (typed by a user, or written
 * before kinds were stored) shows as stored.
 */
export const voucherNarrationText = defineCatalogue('shared/accounts/narrations', VOUCHER_NARRATIONS, {
  receipt_payment: 'ரசீது {receipt}: அடகு {pledges} மீது செலுத்துதல்',
  receipt_reversed: 'ரசீது {receipt} திருப்பப்பட்டது: {reason}',
  pledge_payout: 'அடகு {pledge}, {customer} க்கு: கடன் வழங்கப்பட்டது',
  pledge_payout_reversed: 'அடகு {pledge} திருத்தப்பட்டது: முன்பு வழங்கிய கடன் திருப்பப்பட்டது',
  renewal:
    'அடகு {pledge}, {customer} க்கு: அடகு {oldPledge} இன் புதுப்பித்தல், அதன் நிலுவை புதிய கடனிலிருந்து செலுத்தப்பட்டது',
  bank_repledged: 'அடகு {pledge}: நகைகள் {bank} வங்கியில் மறுஅடகு, குறிப்பு எண் {reference}',
  bank_returned: 'அடகு {pledge}: நகைகள் வங்கியிலிருந்து திரும்பின, குறிப்பு எண் {reference}',
  drawer_shortage: 'பணப்பெட்டி {drawer}, {date}: மூடும்போது {amount} குறைவு',
  drawer_excess: 'பணப்பெட்டி {drawer}, {date}: மூடும்போது {amount} மிகுதி',
  auction_sale: 'அடகு {pledge} ஏலத்தில் (தொகுதி {lot}) {buyer} க்கு விற்பனை',
  auction_sale_surplus:
    'அடகு {pledge} ஏலத்தில் (தொகுதி {lot}) {buyer} க்கு விற்பனை; உபரி {amount} அடகு வைத்தவருக்குத் தர வேண்டியது',
  auction_sale_shortfall:
    'அடகு {pledge} ஏலத்தில் (தொகுதி {lot}) {buyer} க்கு விற்பனை; பற்றாக்குறை {amount} அடகு வைத்தவரிடமிருந்து வர வேண்டியது',
  surplus_paid: 'அடகு {pledge} இன் ஏல உபரி {to} க்குச் செலுத்தப்பட்டது',
  surplus_deposited:
    'அடகு {pledge} இன் கோரப்படாத ஏல உபரி (அடகு வைத்தவர் {pawner}) அரசிடம் செலுத்தப்பட்டது, குறிப்பு எண் {reference}',
  shortfall_collected: 'ஏலப் பற்றாக்குறை {pawner} இடமிருந்து வசூலானது, ரசீது {receipt}',
  shortfall_written_off: '{pawner} இன் ஏலப் பற்றாக்குறை தள்ளுபடி: {reason}',
});

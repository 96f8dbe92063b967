import { defineCatalogue } from '@/lib/i18n/catalogue';
import { registerMessages } from '@/lib/i18n/messages';

/** The cash limit's control under a payment or payout method. */
export const cashLimitText = defineCatalogue(
  'shared/cash-limit',
  {
    insists: 'Customer insists on cash',
    insistsWithLimit: 'Customer insists on cash ({limit} or more)',
  },
  {
    insists: 'வாடிக்கையாளர் ரொக்கமே கேட்கிறார்',
    insistsWithLimit: 'வாடிக்கையாளர் ரொக்கமே கேட்கிறார் ({limit} அல்லது அதற்கு மேல்)',
  },
);

/** The domain's `cashLimitMessage` sentences, for every screen that shows the control. */
export const cashLimitMessages = defineCatalogue(
  'shared/cash-limit/messages',
  {
    receiptBlocked: 'A cash receipt of {limit} or more is not allowed. Choose bank transfer or online.',
    payoutBlocked: 'A cash payout of {limit} or more is not allowed. Choose bank transfer or online.',
    receiptConfirm:
      "A cash receipt of {limit} or more needs confirmation: tick 'Customer insists on cash' or choose bank transfer or online.",
    payoutConfirm:
      "A cash payout of {limit} or more needs confirmation: tick 'Customer insists on cash' or choose bank transfer or online.",
  },
  {
    receiptBlocked:
      '{limit} அல்லது அதற்கு மேலான ரொக்க வரவு அனுமதிக்கப்படாது. வங்கிப் பரிமாற்றம் அல்லது ஆன்லைனைத் தேர்ந்தெடுக்கவும்.',
    payoutBlocked:
      '{limit} அல்லது அதற்கு மேலான ரொக்க வழங்கல் அனுமதிக்கப்படாது. வங்கிப் பரிமாற்றம் அல்லது ஆன்லைனைத் தேர்ந்தெடுக்கவும்.',
    receiptConfirm:
      '{limit} அல்லது அதற்கு மேலான ரொக்க வரவுக்கு உறுதிப்படுத்தல் தேவை: "வாடிக்கையாளர் ரொக்கமே கேட்கிறார்" என்பதைக் குறியிடவும், அல்லது வங்கிப் பரிமாற்றம் அல்லது ஆன்லைனைத் தேர்ந்தெடுக்கவும்.',
    payoutConfirm:
      '{limit} அல்லது அதற்கு மேலான ரொக்க வழங்கலுக்கு உறுதிப்படுத்தல் தேவை: "வாடிக்கையாளர் ரொக்கமே கேட்கிறார்" என்பதைக் குறியிடவும், அல்லது வங்கிப் பரிமாற்றம் அல்லது ஆன்லைனைத் தேர்ந்தெடுக்கவும்.',
  },
);
registerMessages(cashLimitMessages);

import { defineCatalogue } from '@/lib/i18n/catalogue';

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

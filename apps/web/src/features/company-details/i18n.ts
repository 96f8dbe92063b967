import { defineCatalogue } from '../../lib/i18n/catalogue';

/** Company Details: the interface language section (issue 17). */
export const companyDetailsText = defineCatalogue(
  'features/company-details',
  {
    languageTitle: 'Interface language',
    languageHelp:
      "The language of the screens for this branch's users who have not chosen one (each user may choose from the menu under their initials).",
    defaultLanguage: 'Default language',
    english: 'English',
    tamil: 'Tamil (தமிழ்)',
    save: 'Save language',
    saving: 'Saving...',
    saved: 'Default language saved',
    saveFailed: 'Failed to save the default language',
    success: 'Success',
  },
  {
    languageTitle: 'திரை மொழி',
    languageHelp:
      'மொழியைத் தேர்ந்தெடுக்காத இந்தக் கிளைப் பயனர்களுக்கான திரை மொழி (ஒவ்வொரு பயனரும் தம் முதலெழுத்துகளின் கீழுள்ள பட்டியில் தேர்ந்தெடுக்கலாம்).',
    defaultLanguage: 'இயல்பு மொழி',
    english: 'ஆங்கிலம் (English)',
    tamil: 'தமிழ்',
    save: 'மொழியைச் சேமி',
    saving: 'சேமிக்கிறது...',
    saved: 'இயல்பு மொழி சேமிக்கப்பட்டது',
    saveFailed: 'இயல்பு மொழியைச் சேமிக்க முடியவில்லை',
    success: 'வெற்றி',
  },
);

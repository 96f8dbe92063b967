import { defineCatalogue } from '@/lib/i18n/catalogue';
import { registerMessages } from '@/lib/i18n/messages';

/** The customer and design pickers and the design picker's 'Add Design' dialog. */
export const pickersText = defineCatalogue(
  'shared/pickers',
  {
    customer: 'Customer',
    // The select pickers of the masters (option-picker.tsx)
    bankLabel: 'Bank',
    bankSelect: 'Select a bank',
    bankLoading: 'Loading banks...',
    bankFailed: 'Failed to fetch banks.',
    schemeLabel: 'Scheme',
    schemeSelect: 'Select a scheme',
    schemeLoading: 'Loading schemes...',
    schemeFailed: 'Failed to fetch schemes.',
    jewelTypeLabel: 'Jewel Type',
    jewelTypeSelect: 'Select a jewel type',
    jewelTypeLoading: 'Loading jewel types...',
    jewelTypeFailed: 'Failed to fetch jewel types.',
    inactiveMark: ' (inactive)',
    customerPlaceholder: 'Name or mobile number...',
    newCustomerNamed: '+ New customer "{term}"',
    design: 'Design',
    designPlaceholder: 'Search designs...',
    coin: 'Coin',
    error: 'Error',
    invalidName: 'Invalid name',
    designCreated: 'Design created',
    designAdded: '{name} has been added.',
    // The 'Add Design' dialog
    addDesign: 'Add Design',
    saving: 'Saving...',
    save: 'Save',
    designName: 'Design Name',
    coinHelp:
      'A coin rather than an ornament: under the RBI regime a borrower’s coins are limited apart from ornaments.',
    createFailed: 'Failed to create design.',
  },
  {
    customer: 'வாடிக்கையாளர்',
    bankLabel: 'வங்கி',
    bankSelect: 'வங்கியைத் தேர்ந்தெடுக்கவும்',
    bankLoading: 'வங்கிகள் ஏற்றப்படுகின்றன...',
    bankFailed: 'வங்கிகளைப் பெற முடியவில்லை.',
    schemeLabel: 'திட்டம்',
    schemeSelect: 'திட்டத்தைத் தேர்ந்தெடுக்கவும்',
    schemeLoading: 'திட்டங்கள் ஏற்றப்படுகின்றன...',
    schemeFailed: 'திட்டங்களைப் பெற முடியவில்லை.',
    jewelTypeLabel: 'நகை வகை',
    jewelTypeSelect: 'நகை வகையைத் தேர்ந்தெடுக்கவும்',
    jewelTypeLoading: 'நகை வகைகள் ஏற்றப்படுகின்றன...',
    jewelTypeFailed: 'நகை வகைகளைப் பெற முடியவில்லை.',
    inactiveMark: ' (செயலில் இல்லை)',
    customerPlaceholder: 'பெயர் அல்லது கைபேசி எண்...',
    newCustomerNamed: '+ புதிய வாடிக்கையாளர் "{term}"',
    design: 'வடிவம்',
    designPlaceholder: 'வடிவங்களைத் தேடு...',
    coin: 'நாணயம்',
    error: 'பிழை',
    invalidName: 'பெயர் சரியில்லை',
    designCreated: 'வடிவம் உருவாக்கப்பட்டது',
    designAdded: '{name} சேர்க்கப்பட்டது.',
    addDesign: 'வடிவம் சேர்',
    saving: 'சேமிக்கிறது...',
    save: 'சேமி',
    designName: 'வடிவத்தின் பெயர்',
    coinHelp:
      'அணிகலன் அல்ல, நாணயம்: RBI விதிமுறைப்படி கடன் பெறுபவரின் நாணயங்களுக்கு அணிகலன்களிலிருந்து தனியான வரம்பு உண்டு.',
    createFailed: 'வடிவத்தை உருவாக்க முடியவில்லை.',
  },
);

/** The sentences of the design schema (packages/domain) and of the server's designs module. */
export const pickerMessages = defineCatalogue(
  'shared/pickers/messages',
  {
    designNameRequired: 'Design name is required',
    atMost: 'Must be at most {max} characters',
    coinChoice: 'Coin must be true or false',
    designTaken: 'A design with this name already exists.',
  },
  {
    designNameRequired: 'வடிவத்தின் பெயர் தேவை',
    atMost: 'அதிகபட்சம் {max} எழுத்துகள்',
    coinChoice: 'நாணயம் ஆம் அல்லது இல்லை என இருக்க வேண்டும்',
    designTaken: 'இந்தப் பெயரில் ஒரு வடிவம் ஏற்கெனவே உள்ளது.',
  },
);
registerMessages(pickerMessages);

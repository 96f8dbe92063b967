import { defineCatalogue, type Translate } from '@/lib/i18n/catalogue';

/** Migrate (spec §2): the search of the older system, its results, the View dialog and the migrations. */
export const migrateText = defineCatalogue(
  'features/legacy',
  {
    // Toasts
    searchRequired: 'Search Required',
    enterTerm: 'Please enter a search term to find customers.',
    nothingImported: 'Nothing Imported Yet',
    notLoaded: "The old system's customers are not loaded. Run {command} on the server.",
    searchCompleted: 'Search Completed',
    found: 'Found {count} customers matching "{term}"',
    searchFailed: 'Search Failed',
    customerMigrated: 'Customer Migrated',
    alreadyMigrated: 'Already Migrated',
    isNowCustomer: '{name} is now customer {code}.',
    isAlreadyCustomer: '{name} is already customer {code}.',
    stillToComplete: ' Still to complete on the Customers screen: {fields}.',
    migrationFailed: 'Migration Failed',
    notMigrated: 'Customer {pno} was not migrated: {message}',
    migrationCompleted: 'Migration Completed',
    migratedCount: 'Migrated {created, plural, one {# customer} other {# customers}}; {skipped} skipped.',
    noneMigrated: 'No customers were migrated: {message}',
    // The table
    customerNo: 'Customer No',
    name: 'Name',
    asStored: 'As stored in the older system',
    address: 'Address',
    phone: 'Phone',
    mobile: 'Mobile',
    reference: 'Reference',
    refresh: 'Refresh',
    everyMigrated: 'Every customer shown is migrated.',
    migrateAll: 'Migrate All',
    // The search
    findTitle: 'Find customers in the older system',
    findHelp:
      'Search by name in Tamil or English, by customer number or by phone. Tamil names from the older system are converted for display; the text as it was stored is shown under each name.',
    searchForm: 'Search the older system',
    searchTerm: 'Search term',
    searchPlaceholder: 'Name, customer number or phone',
    search: 'Search',
    resultsFor: 'Search Results for <q>"{term}"</q>',
    customers: '{count, plural, one {# customer} other {# customers}}',
    clearResults: 'Clear Results',
    notImported: "The old system's customers are not imported yet.",
    importHow:
      'On the server, load the old customer file into the same database (with the embedded database, stop Pledge Desk first and start it again after):',
    importCsv:
      "A CSV export works too; the README's 'Importing from the old system' shows how to map its columns. With the old system's migration service running, set LEGACY_API_URL instead.",
    error: 'Error:',
    skippedTitle: '{count, plural, one {# customer was} other {# customers were}} not migrated:',
    dismissSkipped: 'Dismiss the skipped list',
    searching: 'Searching customers...',
    tableTitle: 'Customers of the older system',
    canMigrateHelp: 'Migrate makes a Pledge Desk customer from the record; a record is migrated only once.',
    cannotMigrateHelp: 'Migrating needs the permission to create customers.',
    enterToFind: 'Enter a search term to find customers.',
    noneFound: 'No customers found for "{term}".',
    migrateLabel: 'Migrate customer {pno}',
    migrating: 'Migrating...',
    migrate: 'Migrate',
    viewLabel: 'View customer {pno}',
    view: 'View',
    confirmAll:
      'Make Pledge Desk customers of the {count, plural, one {# customer} other {# customers}} shown that are not migrated yet?',
    migrateCount: 'Migrate {count}',
    // The View dialog
    dialogTitle: 'Customer {pno} (older system)',
    close: 'Close',
    nameAsStored: 'Name (as stored)',
    addressAsStored: 'Address (as stored)',
    migration: 'Migration',
    notMigratedYet: 'Not migrated yet',
    // The migration mark
    migrated: 'Migrated',
    customerCode: 'Customer {code}',
    customerId: 'Customer #{id}',
  },
  {
    searchRequired: 'தேடல் சொல் தேவை',
    enterTerm: 'வாடிக்கையாளர்களைக் கண்டறிய ஒரு தேடல் சொல்லை உள்ளிடவும்.',
    nothingImported: 'இன்னும் எதுவும் இறக்குமதி செய்யப்படவில்லை',
    notLoaded: 'பழைய மென்பொருளின் வாடிக்கையாளர்கள் ஏற்றப்படவில்லை. சர்வரில் {command} ஐ இயக்கவும்.',
    searchCompleted: 'தேடல் முடிந்தது',
    found: '"{term}" உடன் பொருந்தும் {count} வாடிக்கையாளர்கள் கிடைத்தனர்',
    searchFailed: 'தேடல் தோல்வி',
    customerMigrated: 'வாடிக்கையாளர் இடமாற்றப்பட்டார்',
    alreadyMigrated: 'ஏற்கெனவே இடமாற்றப்பட்டது',
    isNowCustomer: '{name} இப்போது வாடிக்கையாளர் {code}.',
    isAlreadyCustomer: '{name} ஏற்கெனவே வாடிக்கையாளர் {code}.',
    stillToComplete: ' வாடிக்கையாளர்கள் திரையில் இன்னும் நிரப்ப வேண்டியவை: {fields}.',
    migrationFailed: 'இடமாற்றம் தோல்வி',
    notMigrated: 'வாடிக்கையாளர் {pno} இடமாற்றப்படவில்லை: {message}',
    migrationCompleted: 'இடமாற்றம் முடிந்தது',
    migratedCount:
      '{created, plural, one {# வாடிக்கையாளர்} other {# வாடிக்கையாளர்கள்}} இடமாற்றப்பட்டனர்; {skipped} தவிர்க்கப்பட்டனர்.',
    noneMigrated: 'எந்த வாடிக்கையாளரும் இடமாற்றப்படவில்லை: {message}',
    customerNo: 'வாடிக்கையாளர் எண்',
    name: 'பெயர்',
    asStored: 'பழைய மென்பொருளில் சேமிக்கப்பட்டபடி',
    address: 'முகவரி',
    phone: 'தொலைபேசி',
    mobile: 'கைபேசி',
    reference: 'குறிப்பு எண்',
    refresh: 'புதுப்பி',
    everyMigrated: 'காட்டப்படும் எல்லா வாடிக்கையாளர்களும் இடமாற்றப்பட்டுவிட்டனர்.',
    migrateAll: 'அனைத்தையும் இடமாற்று',
    findTitle: 'பழைய மென்பொருளில் வாடிக்கையாளர்களைத் தேடு',
    findHelp:
      'தமிழ் அல்லது ஆங்கிலப் பெயர், வாடிக்கையாளர் எண் அல்லது தொலைபேசி எண் கொண்டு தேடவும். பழைய மென்பொருளின் தமிழ்ப் பெயர்கள் காட்சிக்காக மாற்றப்படுகின்றன; சேமிக்கப்பட்டபடியான உரை ஒவ்வொரு பெயரின் கீழும் காட்டப்படும்.',
    searchForm: 'பழைய மென்பொருளில் தேடு',
    searchTerm: 'தேடல் சொல்',
    searchPlaceholder: 'பெயர், வாடிக்கையாளர் எண் அல்லது தொலைபேசி',
    search: 'தேடு',
    resultsFor: '<q>"{term}"</q> க்கான தேடல் முடிவுகள்',
    customers: '{count, plural, one {# வாடிக்கையாளர்} other {# வாடிக்கையாளர்கள்}}',
    clearResults: 'முடிவுகளை அழி',
    notImported: 'பழைய மென்பொருளின் வாடிக்கையாளர்கள் இன்னும் இறக்குமதி செய்யப்படவில்லை.',
    importHow:
      'சர்வரில், பழைய வாடிக்கையாளர் கோப்பை அதே தரவுத்தளத்தில் ஏற்றவும் (உள்ளமைந்த தரவுத்தளம் என்றால், முதலில் Pledge Desk ஐ நிறுத்தி, பிறகு மீண்டும் தொடங்கவும்):',
    importCsv:
      'CSV ஏற்றுமதியும் பயன்படும்; அதன் நெடுவரிசைகளை எப்படிப் பொருத்துவது என்பதை README இன் "Importing from the old system" பகுதி காட்டுகிறது. பழைய மென்பொருளின் இடமாற்றச் சேவை இயங்கினால், அதற்குப் பதிலாக LEGACY_API_URL ஐ அமைக்கவும்.',
    error: 'பிழை:',
    skippedTitle: '{count, plural, one {# வாடிக்கையாளர் இடமாற்றப்படவில்லை} other {# வாடிக்கையாளர்கள் இடமாற்றப்படவில்லை}}:',
    dismissSkipped: 'தவிர்க்கப்பட்ட பட்டியலை மூடு',
    searching: 'வாடிக்கையாளர்கள் தேடப்படுகின்றனர்...',
    tableTitle: 'பழைய மென்பொருளின் வாடிக்கையாளர்கள்',
    canMigrateHelp:
      'இடமாற்று, பதிவிலிருந்து ஒரு Pledge Desk வாடிக்கையாளரை உருவாக்கும்; ஒரு பதிவு ஒருமுறை மட்டுமே இடமாற்றப்படும்.',
    cannotMigrateHelp: 'இடமாற்றம் செய்ய வாடிக்கையாளர்களை உருவாக்கும் அனுமதி தேவை.',
    enterToFind: 'வாடிக்கையாளர்களைக் கண்டறிய ஒரு தேடல் சொல்லை உள்ளிடவும்.',
    noneFound: '"{term}" க்கு வாடிக்கையாளர்கள் எவரும் கிடைக்கவில்லை.',
    migrateLabel: 'வாடிக்கையாளர் {pno} ஐ இடமாற்று',
    migrating: 'இடமாற்றுகிறது...',
    migrate: 'இடமாற்று',
    viewLabel: 'வாடிக்கையாளர் {pno} ஐப் பார்',
    view: 'பார்',
    confirmAll:
      'இன்னும் இடமாற்றப்படாத, காட்டப்படும் {count, plural, one {# வாடிக்கையாளரை} other {# வாடிக்கையாளர்களை}} Pledge Desk வாடிக்கையாளர்களாக்கவா?',
    migrateCount: '{count} ஐ இடமாற்று',
    dialogTitle: 'வாடிக்கையாளர் {pno} (பழைய மென்பொருள்)',
    close: 'மூடு',
    nameAsStored: 'பெயர் (சேமிக்கப்பட்டபடி)',
    addressAsStored: 'முகவரி (சேமிக்கப்பட்டபடி)',
    migration: 'இடமாற்றம்',
    notMigratedYet: 'இன்னும் இடமாற்றப்படவில்லை',
    migrated: 'இடமாற்றப்பட்டது',
    customerCode: 'வாடிக்கையாளர் {code}',
    customerId: 'வாடிக்கையாளர் #{id}',
  },
);

/** The customer fields a migrated record may still lack (the Customers screen's names, as words in English). */
export const migrateFieldText = defineCatalogue(
  'features/legacy/fields',
  {
    customerName: 'name',
    guardianName: 'guardian name',
    mobileNumber: 'mobile number',
    doorNo: 'door no',
    street: 'street',
    location: 'location',
    district: 'district',
    pincode: 'pincode',
  },
  {
    customerName: 'பெயர்',
    guardianName: 'தந்தை / கணவர் பெயர்',
    mobileNumber: 'கைபேசி எண்',
    doorNo: 'கதவு எண்',
    street: 'தெரு',
    location: 'ஊர்',
    district: 'மாவட்டம்',
    pincode: 'அஞ்சல் குறியீடு',
  },
);

type FieldKey = keyof typeof migrateFieldText.en;

/** 'guardian name, pincode': the fields a clerk still has to fill on the Customers screen. */
export function fieldsToComplete(t: Translate<FieldKey>, fields: readonly string[]): string {
  return fields
    .map((field) => {
      const key = field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      return key in migrateFieldText.en ? t(key as FieldKey) : field.replace(/_/g, ' ');
    })
    .join(', ');
}

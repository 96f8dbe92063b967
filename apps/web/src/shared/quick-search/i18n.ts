import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The header's Search box. */
export const quickSearchText = defineCatalogue(
  'shared/quick-search',
  {
    closed: 'Closed',
    active: 'Active',
    inactive: 'Inactive',
    searchFailed: 'Search failed. Try again.',
    searching: 'Searching...',
    nothingFound: 'No pledges or customers found',
    searchLabel: 'Search pledges and customers',
    placeholder: 'Search...',
    results: 'Pledges and customers',
    pledges: 'Pledges',
    customers: 'Customers',
  },
  {
    closed: 'மூடப்பட்டது',
    active: 'செயலில்',
    inactive: 'செயலில் இல்லை',
    searchFailed: 'தேடல் தோல்வி. மீண்டும் முயலவும்.',
    searching: 'தேடுகிறது...',
    nothingFound: 'அடகுகளோ வாடிக்கையாளர்களோ எதுவும் கிடைக்கவில்லை',
    searchLabel: 'அடகுகளையும் வாடிக்கையாளர்களையும் தேடு',
    placeholder: 'தேடு...',
    results: 'அடகுகளும் வாடிக்கையாளர்களும்',
    pledges: 'அடகுகள்',
    customers: 'வாடிக்கையாளர்கள்',
  },
);

import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The profile screen (shell-and-masters §2). */
export const profileText = defineCatalogue(
  'features/profile',
  {
    notFound: 'User data not found.',
    noEmail: 'No email on file',
    editProfile: 'Edit Profile',
    editLater: 'Profile editing arrives in a later release.',
    role: 'Role',
    admin: 'Admin',
    user: 'User',
    companyId: 'Company ID',
    memberSince: 'Member Since',
  },
  {
    notFound: 'பயனர் விவரம் கிடைக்கவில்லை.',
    noEmail: 'மின்னஞ்சல் இல்லை',
    editProfile: 'சுயவிவரம் திருத்து',
    editLater: 'சுயவிவரத் திருத்தம் அடுத்த வெளியீட்டில் வரும்.',
    role: 'பணிநிலை',
    admin: 'நிர்வாகி',
    user: 'பயனர்',
    companyId: 'நிறுவன எண்',
    memberSince: 'உறுப்பினரான நாள்',
  },
);

import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The 'Admin approval' step of a clerk's payment. */
export const approvalText = defineCatalogue(
  'features/payments/approval',
  {
    legend: 'Admin approval',
    username: 'Admin username',
    password: 'Admin password',
    usernameRequired: 'Enter the approving admin’s username',
    passwordRequired: 'Enter the approving admin’s password',
    needed:
      "{kind, select, both {A discount and a penalty need} penalty {A penalty needs} other {A discount needs}} an admin's approval: an admin enters their username and password",
    neededAbove:
      "{kind, select, both {A discount and a penalty above {amount} need} penalty {A penalty above {amount} needs} other {A discount above {amount} needs}} an admin's approval: an admin enters their username and password",
  },
  {
    legend: 'நிர்வாகி ஒப்புதல்',
    username: 'நிர்வாகி பயனர் பெயர்',
    password: 'நிர்வாகி கடவுச்சொல்',
    usernameRequired: 'அங்கீகரிக்கும் நிர்வாகியின் பயனர் பெயரை உள்ளிடவும்',
    passwordRequired: 'அங்கீகரிக்கும் நிர்வாகியின் கடவுச்சொல்லை உள்ளிடவும்',
    needed:
      '{kind, select, both {தள்ளுபடிக்கும் அபராதத்துக்கும்} penalty {அபராதத்துக்கு} other {தள்ளுபடிக்கு}} நிர்வாகியின் ஒப்புதல் தேவை: ஒரு நிர்வாகி தன் பயனர் பெயரையும் கடவுச்சொல்லையும் உள்ளிட வேண்டும்',
    neededAbove:
      '{kind, select, both {{amount}க்கு மேலான தள்ளுபடிக்கும் அபராதத்துக்கும்} penalty {{amount}க்கு மேலான அபராதத்துக்கு} other {{amount}க்கு மேலான தள்ளுபடிக்கு}} நிர்வாகியின் ஒப்புதல் தேவை: ஒரு நிர்வாகி தன் பயனர் பெயரையும் கடவுச்சொல்லையும் உள்ளிட வேண்டும்',
  },
);

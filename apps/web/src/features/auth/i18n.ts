import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The sign-in screen (shell-and-masters §5). */
export const signInText = defineCatalogue(
  'features/auth',
  {
    title: 'Sign In',
    intro: 'Enter your username and password to sign in.',
    formName: 'Sign in',
    username: 'Username',
    usernamePlaceholder: 'Enter your username',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    submit: 'Sign In',
    submitting: 'Signing In...',
    tagline: 'Jewellery pledge loans, kept in order.',
    about: 'Pledges, payments, customers and books for every branch.',
  },
  {
    title: 'உள்நுழைக',
    intro: 'உள்நுழைய உங்கள் பயனர் பெயரையும் கடவுச்சொல்லையும் உள்ளிடவும்.',
    formName: 'உள்நுழைவு',
    username: 'பயனர் பெயர்',
    usernamePlaceholder: 'உங்கள் பயனர் பெயரை உள்ளிடவும்',
    password: 'கடவுச்சொல்',
    passwordPlaceholder: 'உங்கள் கடவுச்சொல்லை உள்ளிடவும்',
    submit: 'உள்நுழைக',
    submitting: 'உள்நுழைகிறது...',
    tagline: 'நகை அடகுக் கடன்கள், ஒழுங்காக.',
    about: 'ஒவ்வொரு கிளைக்கும் அடகுகள், செலுத்துதல்கள், வாடிக்கையாளர்கள், கணக்குகள்.',
  },
);

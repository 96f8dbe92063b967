import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The texts of the shared charts: the figures' table for screen readers and the keys' hint. */
export const chartText = defineCatalogue(
  'components/charts',
  {
    date: 'Date',
    keysHint: 'Use the left and right arrow keys to read the figures of each day, Escape to hide them.',
  },
  {
    date: 'தேதி',
    keysHint:
      'ஒவ்வொரு நாளின் தொகைகளைப் படிக்க இடது, வலது அம்புக்குறி விசைகளையும், மறைக்க Escape விசையையும் பயன்படுத்தவும்.',
  },
);

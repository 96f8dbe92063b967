import { defineCatalogue } from '@/lib/i18n/catalogue';

/**
 * The backups' banner above every screen of an admin, and the age of a backup that the dashboard's
 * card says too. Small on purpose: it loads with the shell.
 */
export const backupAttentionText = defineCatalogue(
  'features/backups/attention',
  {
    noneYet: 'No backup has been taken yet.',
    stale: 'The last good backup is {age} old.',
    failed: 'The last backup failed: {reason}',
    openBackups: 'Go to Backups',
    ageMinutes: '{count, plural, one {# minute} other {# minutes}}',
    ageHours: '{count, plural, one {# hour} other {# hours}}',
    ageDays: '{count, plural, one {# day} other {# days}}',
  },
  {
    noneYet: 'இதுவரை எந்தக் காப்புப் பிரதியும் எடுக்கப்படவில்லை.',
    stale: 'கடைசி நல்ல காப்புப் பிரதி எடுத்து {age} ஆகிறது.',
    failed: 'கடைசி காப்புப் பிரதி தோல்வியடைந்தது: {reason}',
    openBackups: 'காப்புப் பிரதிகளுக்குச் செல்க',
    ageMinutes: '{count, plural, one {# நிமிடம்} other {# நிமிடங்கள்}}',
    ageHours: '{count, plural, one {# மணி நேரம்} other {# மணி நேரம்}}',
    ageDays: '{count, plural, one {# நாள்} other {# நாட்கள்}}',
  },
);

import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The frame of the register screens: the parameters' Print and Download CSV. */
export const registerFrameText = defineCatalogue(
  'shared/register',
  {
    parametersOf: '{title} parameters',
    print: 'Print',
    downloading: 'Downloading...',
    downloadCsv: 'Download CSV',
    downloadFailed: 'Failed to download the register.',
    downloadFailedTitle: 'Download Failed',
  },
  {
    parametersOf: '{title} விவரங்கள்',
    print: 'அச்சிடு',
    downloading: 'பதிவிறக்குகிறது...',
    downloadCsv: 'CSV பதிவிறக்கு',
    downloadFailed: 'பதிவேட்டைப் பதிவிறக்க முடியவில்லை.',
    downloadFailedTitle: 'பதிவிறக்கம் தோல்வி',
  },
);

import { defineCatalogue } from '@/lib/i18n/catalogue';

/** The dialog that hides an Aadhaar number in an ID card's image before it is kept. */
export const imageMaskText = defineCatalogue(
  'shared/image-mask',
  {
    title: 'Hide the Aadhaar number',
    explain:
      'Drag the black box over the first eight digits of the Aadhaar number; add a box for the QR code. The boxes are painted into the image before it is sent: the whole number never leaves this computer.',
    keys: 'A box moves with the arrow keys, and grows or shrinks with Shift and the arrow keys.',
    imageAlt: 'The chosen image, with the boxes over it',
    box: 'Box {n} of {count}: the arrow keys move it, Shift and the arrow keys size it',
    resize: 'Drag to size box {n}',
    addBox: 'Add a box',
    removeBox: 'Remove the chosen box',
    notAadhaar: 'This is not an Aadhaar card, or its number is already hidden',
    useAsItIs: 'Use as it is',
    hideAndUse: 'Hide and use',
    cancel: 'Cancel',
    loading: 'Opening the image…',
    unreadable: 'This image could not be opened. Choose another file.',
    noBoxes: 'Add a box, or tick that the number is already hidden.',
  },
  {
    title: 'ஆதார் எண்ணை மறைக்கவும்',
    explain:
      'ஆதார் எண்ணின் முதல் எட்டு இலக்கங்களின் மேல் கருப்புப் பெட்டியை இழுத்து வைக்கவும்; QR குறியீட்டுக்கு இன்னொரு பெட்டியைச் சேர்க்கவும். அனுப்பும் முன் பெட்டிகள் படத்திலேயே வரையப்படும்: முழு எண் இந்தக் கணினியை விட்டு வெளியே போகாது.',
    keys: 'அம்புக்குறி விசைகளால் பெட்டி நகரும்; Shift உடன் அம்புக்குறி விசைகளால் பெரிதாகும் அல்லது சிறிதாகும்.',
    imageAlt: 'தேர்ந்தெடுத்த படம், அதன் மேல் பெட்டிகளுடன்',
    box: '{count} இல் பெட்டி {n}: அம்புக்குறி விசைகள் நகர்த்தும், Shift உடன் அளவை மாற்றும்',
    resize: 'பெட்டி {n} இன் அளவை மாற்ற இழுக்கவும்',
    addBox: 'பெட்டி சேர்',
    removeBox: 'தேர்ந்தெடுத்த பெட்டியை நீக்கு',
    notAadhaar: 'இது ஆதார் அட்டை அல்ல, அல்லது அதன் எண் ஏற்கெனவே மறைக்கப்பட்டுள்ளது',
    useAsItIs: 'அப்படியே பயன்படுத்து',
    hideAndUse: 'மறைத்துப் பயன்படுத்து',
    cancel: 'ரத்து',
    loading: 'படம் திறக்கப்படுகிறது…',
    unreadable: 'இந்தப் படத்தைத் திறக்க முடியவில்லை. வேறு கோப்பைத் தேர்ந்தெடுக்கவும்.',
    noBoxes: 'ஒரு பெட்டியைச் சேர்க்கவும், அல்லது எண் ஏற்கெனவே மறைக்கப்பட்டுள்ளது எனக் குறிக்கவும்.',
  },
);

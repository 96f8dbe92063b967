import { defineCatalogue } from '@/lib/i18n/catalogue';

/** Taking a picture with the counter's camera (a card, or the customer). */
export const cameraText = defineCatalogue(
  'shared/camera',
  {
    useCamera: 'Use the camera',
    title: 'Take a photo',
    preview: 'What the camera sees',
    take: 'Take photo',
    retake: 'Take again',
    use: 'Use this photo',
    taken: 'The photo taken',
    cancel: 'Cancel',
    starting: 'Starting the camera…',
    denied: 'The camera was not allowed. Allow it in the browser, or choose a file instead.',
    none: 'No camera was found. Choose a file instead.',
    insecure:
      'This browser allows the camera only on a secure (https) address or on this computer itself. Choose a file instead: on a tablet or phone it opens the camera.',
    failed: 'The camera could not be started. Choose a file instead.',
    chooseFile: 'Choose a file instead',
  },
  {
    useCamera: 'கேமராவைப் பயன்படுத்து',
    title: 'புகைப்படம் எடு',
    preview: 'கேமரா காண்பது',
    take: 'புகைப்படம் எடு',
    retake: 'மீண்டும் எடு',
    use: 'இந்தப் புகைப்படத்தைப் பயன்படுத்து',
    taken: 'எடுத்த புகைப்படம்',
    cancel: 'ரத்து',
    starting: 'கேமரா தொடங்குகிறது…',
    denied: 'கேமராவுக்கு அனுமதி இல்லை. உலாவியில் அனுமதிக்கவும், அல்லது கோப்பைத் தேர்ந்தெடுக்கவும்.',
    none: 'கேமரா எதுவும் இல்லை. கோப்பைத் தேர்ந்தெடுக்கவும்.',
    insecure:
      'இந்த உலாவி பாதுகாப்பான (https) முகவரியிலோ இந்தக் கணினியிலேயோ மட்டும் கேமராவை அனுமதிக்கும். கோப்பைத் தேர்ந்தெடுக்கவும்: டேப்லெட்டிலோ கைபேசியிலோ அது கேமராவைத் திறக்கும்.',
    failed: 'கேமராவைத் தொடங்க முடியவில்லை. கோப்பைத் தேர்ந்தெடுக்கவும்.',
    chooseFile: 'கோப்பைத் தேர்ந்தெடு',
  },
);

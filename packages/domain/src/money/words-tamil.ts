import { assertPaise } from './money.ts';

// An amount in Tamil words for the Tamil papers, in the Indian system as in English
// (words.ts): ஆயிரம் (thousand), இலட்சம் (lakh), கோடி (crore). Tamil joins a group to what follows
// with the group's joining form: நூறு → நூற்று, ஆயிரம் → ஆயிரத்து, இலட்சம் → இலட்சத்து, கோடி → கோடியே,
// and a tens word to its unit: இருபது → இருபத்து (இருபத்து ஒன்று, 21). Integer arithmetic only.

const ONES = ['பூஜ்ஜியம்', 'ஒன்று', 'இரண்டு', 'மூன்று', 'நான்கு', 'ஐந்து', 'ஆறு', 'ஏழு', 'எட்டு', 'ஒன்பது'] as const;
const TEENS = [
  'பத்து',
  'பதினொன்று',
  'பன்னிரண்டு',
  'பதிமூன்று',
  'பதினான்கு',
  'பதினைந்து',
  'பதினாறு',
  'பதினேழு',
  'பதினெட்டு',
  'பத்தொன்பது',
] as const;
/** 20, 30 … 90 alone, and joined to a unit. */
const TENS = ['', '', 'இருபது', 'முப்பது', 'நாற்பது', 'ஐம்பது', 'அறுபது', 'எழுபது', 'எண்பது', 'தொண்ணூறு'] as const;
const TENS_JOINED = [
  '',
  '',
  'இருபத்து',
  'முப்பத்து',
  'நாற்பத்து',
  'ஐம்பத்து',
  'அறுபத்து',
  'எழுபத்து',
  'எண்பத்து',
  'தொண்ணூற்று',
] as const;
/** 100, 200 … 900 alone, and joined to what follows. */
const HUNDREDS = [
  '',
  'நூறு',
  'இருநூறு',
  'முந்நூறு',
  'நானூறு',
  'ஐநூறு',
  'அறுநூறு',
  'எழுநூறு',
  'எண்ணூறு',
  'தொள்ளாயிரம்',
] as const;
const HUNDREDS_JOINED = [
  '',
  'நூற்று',
  'இருநூற்று',
  'முந்நூற்று',
  'நானூற்று',
  'ஐநூற்று',
  'அறுநூற்று',
  'எழுநூற்று',
  'எண்ணூற்று',
  'தொள்ளாயிரத்து',
] as const;

/** 1..99: 21 → "இருபத்து ஒன்று", 40 → "நாற்பது", 15 → "பதினைந்து". */
function belowHundred(n: number): string {
  if (n < 10) return ONES[n]!;
  if (n < 20) return TEENS[n - 10]!;
  const unit = n % 10;
  const tens = Math.floor(n / 10);
  return unit === 0 ? TENS[tens]! : `${TENS_JOINED[tens]!} ${ONES[unit]!}`;
}

/** 1..999: 500 → "ஐநூறு", 105 → "நூற்று ஐந்து". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest);
  return rest === 0 ? HUNDREDS[hundreds]! : `${HUNDREDS_JOINED[hundreds]!} ${belowHundred(rest)}`;
}

/** A group (thousand, lakh, crore) with its count: one thousand is ஆயிரம் alone, two is இரண்டு ஆயிரம். */
function group(count: string | null, alone: string, joined: string, last: boolean): string {
  const word = last ? alone : joined;
  return count === null ? word : `${count} ${word}`;
}

/** A whole number of rupees in Tamil words, 0 → "பூஜ்ஜியம்". */
export function integerInTamilWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole non-negative number: ${n}`);
  if (n === 0) return ONES[0];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crore > 0) {
    const count = crore === 1 ? null : integerInTamilWords(crore);
    parts.push(group(count, 'கோடி', 'கோடியே', lakh + thousand + rest === 0));
  }
  if (lakh > 0) {
    const count = lakh === 1 ? null : belowHundred(lakh);
    parts.push(group(count, 'இலட்சம்', 'இலட்சத்து', thousand + rest === 0));
  }
  if (thousand > 0) {
    const count = thousand === 1 ? null : belowHundred(thousand);
    parts.push(group(count, 'ஆயிரம்', 'ஆயிரத்து', rest === 0));
  }
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * An amount in paise as the Tamil papers write it: 4890000 → "நாற்பத்து எட்டு ஆயிரத்து தொள்ளாயிரம்
 * ரூபாய் மட்டும்", with paise "… ரூபாய் ஐம்பது பைசா மட்டும்". A negative amount begins "கழித்தல்".
 */
export function amountInTamilWords(paise: number): string {
  assertPaise(paise, 'amount');
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const cents = abs % 100;
  // One rupee is ஒரு ரூபாய், as one is said before a noun.
  let words = `${rupees === 1 ? 'ஒரு' : integerInTamilWords(rupees)} ரூபாய்`;
  if (cents > 0) words += ` ${belowHundred(cents)} பைசா`;
  words += ' மட்டும்';
  return paise < 0 ? `கழித்தல் ${words}` : words;
}

import { useMemo } from 'react';
import { type Catalogue, defineCatalogue, type Language, translator } from './catalogue';
import { useLanguage } from './language';

/**
 * The sentences that reach a screen from outside its own catalogue: validation messages of
 * the shared schemas (packages/domain) and the server's answers. A server answer carries a stable
 * `code` where it has one, which names its sentence here; a sentence without a code is found by its
 * English text, a message made from a pattern (`{label} is required`) by the pattern. Anything else
 * shows as the server wrote it.
 */
export const messageText = defineCatalogue(
  'lib/messages',
  {
    // Sign-in (shell-and-masters §5 and §8)
    USERNAME_REQUIRED: 'Username is required',
    PASSWORD_REQUIRED: 'Password is required',
    USERNAME_TOO_LONG: 'Username must be at most 150 characters',
    PASSWORD_TOO_LONG: 'Password must be at most 1000 characters',
    INVALID_CREDENTIALS: 'Invalid username or password. Please try again.',
    TOO_MANY_ATTEMPTS: 'Too many failed sign-in attempts. Try again in {seconds} seconds.',
    NETWORK_ERROR: 'Network error. Please check your connection.',
    LANGUAGE_CHOICE: 'Choose English or Tamil',
    // Toast titles
    toastError: 'Error',
    toastSuccess: 'Success',
    toastWarning: 'Warning',
    toastValidation: 'Validation Error',
    toastPrintError: 'Print Error',
    toastDeleteFailed: 'Delete Failed',
    toastUpdateError: 'Update Error',
    // Generic answers of the server
    ROUTE_NOT_FOUND: 'Not Found',
    INTERNAL_ERROR: 'Internal Server Error',
    ALREADY_EXISTS: 'This record already exists.',
    LINKED_RECORDS: 'This record is linked to other records.',
    BODY_TOO_LARGE: 'The request body is too large.',
    BODY_NOT_JSON: 'The request body is not valid JSON.',
    BODY_EMPTY: 'The request body is empty.',
    // The access checks of every route (apps/server plugins/access.ts), by their cause codes
    NOT_AUTHENTICATED: 'Not authenticated. Please sign in.',
    FORBIDDEN: 'You do not have permission to do this.',
    COMPANY_FORBIDDEN: 'You cannot use this company.',
    // The typed-money checks of every amount box (components/ui/money-input.tsx)
    moneyDecimals: 'Enter an amount with at most 2 decimals.',
    moneyAboveZero: 'Enter an amount above zero.',
    moneyFigures: 'Enter the amount in figures, like 1250.50.',
    moneyTooLarge: 'Enter an amount of at most Rs. 1,000 crore.',
  },
  {
    USERNAME_REQUIRED: 'பயனர் பெயர் தேவை',
    PASSWORD_REQUIRED: 'கடவுச்சொல் தேவை',
    USERNAME_TOO_LONG: 'பயனர் பெயர் அதிகபட்சம் 150 எழுத்துகள்',
    PASSWORD_TOO_LONG: 'கடவுச்சொல் அதிகபட்சம் 1000 எழுத்துகள்',
    INVALID_CREDENTIALS: 'பயனர் பெயர் அல்லது கடவுச்சொல் தவறு. மீண்டும் முயலவும்.',
    TOO_MANY_ATTEMPTS: 'பலமுறை தவறான உள்நுழைவு முயற்சிகள். {seconds} விநாடிகள் கழித்து முயலவும்.',
    NETWORK_ERROR: 'இணைப்புப் பிழை. உங்கள் இணைய இணைப்பைச் சரிபார்க்கவும்.',
    LANGUAGE_CHOICE: 'ஆங்கிலம் அல்லது தமிழைத் தேர்ந்தெடுக்கவும்',
    toastError: 'பிழை',
    toastSuccess: 'வெற்றி',
    toastWarning: 'எச்சரிக்கை',
    toastValidation: 'சரிபார்ப்புப் பிழை',
    toastPrintError: 'அச்சுப் பிழை',
    toastDeleteFailed: 'நீக்க முடியவில்லை',
    toastUpdateError: 'புதுப்பிப்புப் பிழை',
    ROUTE_NOT_FOUND: 'கிடைக்கவில்லை',
    INTERNAL_ERROR: 'சர்வர் பிழை',
    ALREADY_EXISTS: 'இந்தப் பதிவு ஏற்கெனவே உள்ளது.',
    LINKED_RECORDS: 'இந்தப் பதிவு வேறு பதிவுகளுடன் இணைக்கப்பட்டுள்ளது.',
    BODY_TOO_LARGE: 'அனுப்பிய தரவு மிகப் பெரியது.',
    BODY_NOT_JSON: 'அனுப்பிய தரவு சரியான JSON அல்ல.',
    BODY_EMPTY: 'அனுப்பிய தரவு காலியாக உள்ளது.',
    NOT_AUTHENTICATED: 'உள்நுழையவில்லை. தயவுசெய்து உள்நுழையவும்.',
    FORBIDDEN: 'இதைச் செய்ய உங்களுக்கு அனுமதி இல்லை.',
    COMPANY_FORBIDDEN: 'இந்த நிறுவனத்தை நீங்கள் பயன்படுத்த இயலாது.',
    moneyDecimals: 'அதிகபட்சம் 2 தசம இடங்களுடன் தொகையை உள்ளிடவும்.',
    moneyAboveZero: 'பூஜ்ஜியத்தை விட அதிகமான தொகையை உள்ளிடவும்.',
    moneyFigures: 'தொகையை எண்களில் உள்ளிடவும், எ.கா. 1250.50.',
    moneyTooLarge: 'அதிகபட்சம் ரூ. 1,000 கோடி வரையிலான தொகையை உள்ளிடவும்.',
  },
);

type MessageKey = keyof typeof messageText.en;

interface Known {
  catalogue: Catalogue;
  key: string;
}
/** English sentence → its catalogue and key, for the sentences that come without a code. */
const byEnglish = new Map<string, Known>();
/**
 * Sentences with arguments, as patterns: `Try again in {seconds} seconds.` → /^…(\d+)…$/, with the
 * length of their own words (`literal`): where two patterns match one sentence, the one with more of
 * its own words is the sentence ('Pledge {pledge} was sold at auction on {date}.' also matches the
 * longer reversal refusal that starts with the same words).
 */
const patterns: (Known & { regex: RegExp; names: string[]; literal: number })[] = [];
const registered = new Set<Catalogue>();

/**
 * Makes a catalogue's sentences known to `translateMessage`: the validation messages of the shared
 * schemas and the server's sentences that a feature's screens show through the shared fields and
 * toasts. A feature's i18n.ts registers its own message catalogue when it is loaded, so its sentences
 * load with its screens. An English sentence already known keeps its first translation.
 */
export function registerMessages(catalogue: Catalogue): void {
  if (registered.has(catalogue)) return;
  registered.add(catalogue);
  for (const [key, english] of Object.entries(catalogue.en)) {
    const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      if (!byEnglish.has(english)) byEnglish.set(english, { catalogue, key });
      continue;
    }
    const parts = english.split(/\{\w+\}/);
    const source = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
    const literal = parts.reduce((n, part) => n + part.length, 0);
    patterns.push({ catalogue, key, regex: new RegExp(`^${source}$`), names, literal });
  }
}
registerMessages(messageText);

/** A sentence from outside the screen in `language`: by its code, its English text, or its pattern. */
export function translateMessage(text: string, language: Language, code?: string | null): string {
  if (language === 'en') return text;
  if (code && code in messageText.en && !messageText.en[code as MessageKey].includes('{')) {
    return translator(messageText, language)(code as MessageKey);
  }
  const known = byEnglish.get(text);
  if (known) return translator(known.catalogue, language)(known.key);
  let best: { pattern: (typeof patterns)[number]; match: RegExpExecArray } | null = null;
  for (const pattern of patterns) {
    if (best && pattern.literal <= best.pattern.literal) continue;
    const match = pattern.regex.exec(text);
    if (match) best = { pattern, match };
  }
  if (!best) return text;
  const { pattern, match } = best;
  return translator(pattern.catalogue, language)(
    pattern.key,
    Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1]!])),
  );
}

/** `translateMessage` in the current language. */
export function useMessageText(): (text: string, code?: string | null) => string {
  const language = useLanguage();
  return useMemo(
    () => (text: string, code?: string | null) => translateMessage(text, language, code),
    [language],
  );
}

import { useMemo } from 'react';
import { defineCatalogue, type Language, translator } from './catalogue';
import { useLanguage } from './language';
import { tamilPackNow } from './tamil-loader';

/**
 * The web's own sentences that several screens show: toast titles, the sign-in screen's answers, the
 * typed-money checks of every amount box. The server's sentences are in server-sentences.ts, by code, fetched
 * with the Tamil pack.
 */
export const messageText = defineCatalogue(
  'lib/messages',
  {
    // Sign-in (shell-and-masters §5 and §8): the screen's own sentences
    INVALID_CREDENTIALS: 'Invalid username or password. Please try again.',
    NETWORK_ERROR: 'Network error. Please check your connection.',
    // Toast titles
    toastError: 'Error',
    toastSuccess: 'Success',
    toastWarning: 'Warning',
    toastValidation: 'Validation Error',
    toastPrintError: 'Print Error',
    toastDeleteFailed: 'Delete Failed',
    toastUpdateError: 'Update Error',
    // The typed-money checks of every amount box (components/ui/money-input.tsx)
    moneyDecimals: 'Enter an amount with at most 2 decimals.',
    moneyAboveZero: 'Enter an amount above zero.',
    moneyFigures: 'Enter the amount in figures, like 1250.50.',
    moneyTooLarge: 'Enter an amount of at most Rs. 1,000 crore.',
  },
  {
    INVALID_CREDENTIALS: 'பயனர் பெயர் அல்லது கடவுச்சொல் தவறு. மீண்டும் முயலவும்.',
    NETWORK_ERROR: 'இணைப்புப் பிழை. உங்கள் இணைய இணைப்பைச் சரிபார்க்கவும்.',
    toastError: 'பிழை',
    toastSuccess: 'வெற்றி',
    toastWarning: 'எச்சரிக்கை',
    toastValidation: 'சரிபார்ப்புப் பிழை',
    toastPrintError: 'அச்சுப் பிழை',
    toastDeleteFailed: 'நீக்க முடியவில்லை',
    toastUpdateError: 'புதுப்பிப்புப் பிழை',
    moneyDecimals: 'அதிகபட்சம் 2 தசம இடங்களுடன் தொகையை உள்ளிடவும்.',
    moneyAboveZero: 'பூஜ்ஜியத்தை விட அதிகமான தொகையை உள்ளிடவும்.',
    moneyFigures: 'தொகையை எண்களில் உள்ளிடவும், எ.கா. 1250.50.',
    moneyTooLarge: 'அதிகபட்சம் ரூ. 1,000 கோடி வரையிலான தொகையை உள்ளிடவும்.',
  },
);

type MessageKey = keyof typeof messageText.en;

/** The web's own sentences above by their English, for the places that hold only the text. */
const ownByEnglish = new Map<string, MessageKey>(
  (Object.entries(messageText.en) as [MessageKey, string][]).map(([key, english]) => [english, key]),
);

/**
 * A sentence from outside the screen in `language`: a server sentence by its code and parameters (or,
 * for a shared schema's message the web checked itself, the code the domain finds for the text), else
 * one of the web's own sentences above; anything else shows as written.
 */
export function translateMessage(
  text: string,
  language: Language,
  code?: string | null,
  params?: Readonly<Record<string, string>> | null,
): string {
  if (language === 'en') return text;
  // The server's sentences in Tamil come with the Tamil pack (tamil-pack.ts), which the language
  // store has loaded before it says Tamil.
  const server = tamilPackNow()?.serverSentenceInTamil(text, code, params);
  if (server !== undefined) return server;
  const own = code && code in messageText.en ? (code as MessageKey) : ownByEnglish.get(text);
  return own ? translator(messageText, language)(own) : text;
}

/** `translateMessage` in the current language. */
export function useMessageText(): (
  text: string,
  code?: string | null,
  params?: Readonly<Record<string, string>> | null,
) => string {
  const language = useLanguage();
  return useMemo(
    () => (text: string, code?: string | null, params?: Readonly<Record<string, string>> | null) =>
      translateMessage(text, language, code, params),
    [language],
  );
}

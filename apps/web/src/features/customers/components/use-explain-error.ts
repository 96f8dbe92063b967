import { errorMessage, errorSentence } from '@/components/ui/use-crud-toasts';
import { useMessageText } from '@/lib/i18n/messages';

/**
 * The sentence for a failed KYC change in the interface's language: the server's sentence by its
 * message_code (a 409 'kyc.documentKindTaken', a 415 'common.notAnImage'), else the screen's fallback.
 */
export function useExplainError(): (error: unknown, fallback: string) => string {
  const messageText = useMessageText();
  return (error, fallback) => {
    const sentence = errorSentence(error, fallback);
    return messageText(errorMessage(error, fallback), sentence.code, sentence.params);
  };
}

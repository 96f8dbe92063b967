import { isSentenceCode, sentenceOf } from '@pledge-desk/domain';
import { type CompiledTexts, translator } from './catalogue';
import { serverSentences } from './server-sentences';

/**
 * What only a Tamil reader needs: the Tamil of every catalogue (the build fills TAMIL_TEXTS, see
 * apps/web/tamil-pack.ts; in dev and the tests each catalogue keeps its own and this stays null) and the
 * server's sentences in Tamil with the English table that recognises them. Fetched when Tamil is chosen
 * (tamil-loader.ts).
 */
export const TAMIL_TEXTS: Readonly<Record<string, Readonly<Record<string, string>>>> | null = null; // TAMIL_TEXTS: the build puts every catalogue here
/** The same Tamil compiled to the ICU syntax trees the formatter takes (the build; null in dev and the tests). */
export const TAMIL_COMPILED: Readonly<Record<string, CompiledTexts>> | null = null; // TAMIL_COMPILED: the build puts the trees here

/**
 * A server sentence in Tamil: by its code and parameters, or (for a shared schema's message the web
 * checked itself) by the code the domain finds for its English; undefined when it is none of them.
 */
export function serverSentenceInTamil(
  text: string,
  code?: string | null,
  params?: Readonly<Record<string, string>> | null,
): string | undefined {
  const found = sentenceOf(text);
  const sentence = isSentenceCode(code)
    ? { code, params: params ?? (found?.code === code ? found.params : {}) }
    : found;
  return sentence ? translator(serverSentences, 'ta')(sentence.code, sentence.params) : undefined;
}

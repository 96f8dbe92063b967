import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useToast } from '@/components/ui/toasts';
import { errorMessage, errorSentence } from '@/components/ui/use-crud-toasts';

/**
 * A counted print (the pawn ticket, the payment receipt, the release slip, the notice letters): Print
 * first records the print on the server, which counts the copies and answers whether this one is a
 * duplicate; the answer is put on the page, then the browser's print dialog opens. The server counts;
 * the screen only shows.
 *
 * - `print()` does nothing until `isReady` (the sheet is on the page) and while a print is on its way;
 * - the server's `answer` is on the page before the print dialog copies it (until the first Print it
 *   is null, and the page says DUPLICATE from what it read, e.g. a count of prints > 0);
 * - a print that cannot be recorded is not printed: `failure.title` is toasted, with the server's
 *   sentence or else `failure.message`;
 * - Ctrl+P (⌘P) prints through the same path, so a print from the keyboard is counted too, unless
 *   `shortcut` is false (the browser's own Ctrl+P then prints without counting).
 */
export function useCountedPrint<A>({
  record,
  isReady,
  failure,
  shortcut = true,
}: {
  /** Records the print on the server; resolves with its answer. */
  record: () => Promise<A>;
  isReady: boolean;
  failure: { title: string; message: string };
  shortcut?: boolean;
}) {
  const { showToast } = useToast();
  const [answer, setAnswer] = useState<A | null>(null);
  const [isPrinting, setIsPrinting] = useState(false);
  const printing = useRef(false);

  const print = async () => {
    if (!isReady || printing.current) return;
    printing.current = true;
    setIsPrinting(true);
    try {
      const recorded = await record();
      // The DUPLICATE mark must be on the page before the print dialog copies it.
      flushSync(() => setAnswer(() => recorded));
      window.print();
    } catch (error) {
      showToast({
        type: 'error',
        title: failure.title,
        message: errorMessage(error, failure.message),
        ...errorSentence(error, failure.message),
      });
    } finally {
      printing.current = false;
      setIsPrinting(false);
    }
  };

  const printRef = useRef(print);
  printRef.current = print;
  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'p') {
        event.preventDefault();
        void printRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);

  return { print, answer, isPrinting };
}

import { useState } from 'react';
import type { PrintPaper } from '@/shared/print/print-toolbar';

const PAPER_KEY = 'pledge-desk.register-paper';

function storedPaper(): PrintPaper {
  try {
    return window.localStorage.getItem(PAPER_KEY) === 'A5' ? 'A5' : 'A4';
  } catch {
    return 'A4';
  }
}

/** The paper the registers print on (A4 unless chosen), remembered on this browser. */
export function usePrintPaper(): [PrintPaper, (paper: PrintPaper) => void] {
  const [paper, setPaper] = useState<PrintPaper>(storedPaper);
  return [
    paper,
    (next) => {
      setPaper(next);
      try {
        window.localStorage.setItem(PAPER_KEY, next);
      } catch {
        // A browser without storage chooses again next time.
      }
    },
  ];
}

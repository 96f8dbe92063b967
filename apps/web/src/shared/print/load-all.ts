import { useEffect, useState } from 'react';

/** Rows asked for at once while a print view loads a whole range (the server's most a page). */
export const PRINT_PAGE_SIZE = 200;

export type LoadAllState<R> =
  | { status: 'loading'; loaded: number; total: number | null }
  | { status: 'error'; error: unknown }
  | { status: 'done'; rows: R[]; total: number };

/**
 * Loads every row of a register's range page by page (PRINT_PAGE_SIZE at a time), reporting how far it
 * has come so a large range shows its progress. `key` names the range: a new key starts again.
 */
export function useLoadAll<R>(
  key: string,
  fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<{ rows: R[]; total: number }>,
): LoadAllState<R> {
  const [state, setState] = useState<LoadAllState<R>>({ status: 'loading', loaded: 0, total: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the range (key) decides a reload, not the function's identity.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', loaded: 0, total: null });
    (async () => {
      const rows: R[] = [];
      let total = 0;
      for (let page = 1; ; page += 1) {
        const answer = await fetchPage(page, PRINT_PAGE_SIZE, controller.signal);
        rows.push(...answer.rows);
        total = answer.total;
        if (controller.signal.aborted) return;
        setState({ status: 'loading', loaded: rows.length, total });
        if (answer.rows.length < PRINT_PAGE_SIZE || page * PRINT_PAGE_SIZE >= total) break;
      }
      setState({ status: 'done', rows, total });
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) setState({ status: 'error', error });
    });
    return () => controller.abort();
  }, [key]);
  return state;
}

import { useMemo, useRef } from 'react';

/**
 * One submission at a time, checked synchronously. A mutation's `isPending` reaches the screen only at
 * its next render, so a second click before it (a double click) sent the same payment again: the
 * Idempotency-Key kept it from being taken twice, but the clerk saw two toasts.
 * `take()` before sending (false: one is already on its way), `release()` once it has its answer.
 */
export function useSubmitLock() {
  const held = useRef(false);
  return useMemo(
    () => ({
      take: (): boolean => {
        if (held.current) return false;
        held.current = true;
        return true;
      },
      release: (): void => {
        held.current = false;
      },
    }),
    [],
  );
}

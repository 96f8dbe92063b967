import { useMemo, useRef } from 'react';
import { idempotencyKeyFor } from './api-client';
import { useSubmitLock } from './use-submit-lock';

/** What to do with the server's answer: a money screen shows a refusal itself. */
export interface SubmitHandlers<T> {
  onSuccess?: (value: T) => unknown;
  onError?: (error: unknown) => unknown;
}

/**
 * The Idempotency-Key of a money form's POST (docs/decisions.md, "The server and its API"), and one
 * submission at a time.
 *
 * `send(keyed, request, handlers)` calls `request(key)` with the form's key and passes its answer to
 * `handlers`:
 * - the key follows `keyed` (what the form sends, without anything secret such as an approver's
 *   password when the screen keeps that out): the same `keyed` sent again (a retry after a lost
 *   answer, or after a refusal) reuses the key, so the server answers with the first result instead
 *   of taking the money twice; a changed `keyed` gets a new key;
 * - after a success the next `send` has a new key, even for the same `keyed` (another payment);
 * - while one is in flight, another `send` sends nothing and returns false (a double click, checked
 *   synchronously: the mutation's `isPending` reaches the screen only at its next render);
 * - a refusal goes to `onError` (never thrown), the answer to `onSuccess`; each runs once the request
 *   has settled, with the lock already free.
 *
 * `reset()` is the caller saying the form now stands for another record (another customer or
 * pledge): the next `send` gets a new key even when its body happens to be the same.
 */
export function useIdempotentSubmit() {
  const lock = useSubmitLock();
  const held = useRef<{ key: string; body: string } | null>(null);
  return useMemo(
    () => ({
      send<T>(
        keyed: unknown,
        request: (idempotencyKey: string) => Promise<T>,
        handlers: SubmitHandlers<T> = {},
      ): boolean {
        if (!lock.take()) return false;
        held.current = idempotencyKeyFor(held.current, keyed);
        const { key } = held.current;
        let answer: Promise<T>;
        try {
          answer = request(key);
        } catch (error) {
          answer = Promise.reject(error);
        }
        void answer.then(
          (value) => {
            held.current = null;
            lock.release();
            handlers.onSuccess?.(value);
          },
          (error: unknown) => {
            lock.release();
            handlers.onError?.(error);
          },
        );
        return true;
      },
      reset(): void {
        held.current = null;
      },
    }),
    [lock],
  );
}

export type IdempotentSubmit = ReturnType<typeof useIdempotentSubmit>;

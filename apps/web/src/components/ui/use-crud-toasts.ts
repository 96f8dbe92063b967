import { useCallback, useMemo } from 'react';
import { ApiError } from '@/lib/api-client';
import { useToast } from './toasts';

/**
 * The toasts of a master screen: a success sentence, or the server's detail (shell-and-masters §8:
 * "the server detail message, else 'Failed to …'"). Network failures carry their own sentence.
 */
export function useCrudToasts() {
  const { showToast } = useToast();
  const success = useCallback(
    (message: string, title = 'Success') => showToast({ type: 'success', title, message }),
    [showToast],
  );
  const failure = useCallback(
    (error: unknown, fallback: string, title = 'Error') =>
      showToast({
        type: 'error',
        title,
        message: errorMessage(error, fallback),
        ...errorSentence(error, fallback),
      }),
    [showToast],
  );
  return useMemo(() => ({ success, failure }), [success, failure]);
}

/** The server's sentence when there is one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !error.message.startsWith('Request failed with status')) {
    return error.message;
  }
  return fallback;
}

/** The code and parameters of the server's sentence that errorMessage shows, for the toast to show it by code. */
export function errorSentence(
  error: unknown,
  fallback: string,
): { code?: string | null; params?: Readonly<Record<string, string>> | null } {
  if (error instanceof ApiError && errorMessage(error, fallback) === error.message && error.messageCode) {
    return { code: error.messageCode, params: error.messageParams };
  }
  return {};
}

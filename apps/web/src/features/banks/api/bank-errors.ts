import { ApiError } from '@/lib/api-client';

/**
 * The server's own sentence for a refused request (a 4xx with a string detail, such as 'Bank not
 * found.'), or null. Network failures and 5xx get the screen's sentence instead (spec §8, Banks:
 * "otherwise 'Failed to ... bank. Please try again.'").
 */
export function serverSentence(error: unknown): string | null {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    typeof error.detail === 'string' &&
    error.detail.trim() !== ''
  ) {
    return error.detail;
  }
  return null;
}

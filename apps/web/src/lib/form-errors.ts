import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * The field messages of a 422 by path (`items.2.net_weight`), or nothing for any other error. The
 * paths are react-hook-form's, so a form with rows (useFieldArray) can take them as they are.
 */
export function serverFieldMessages(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldMessages() : {};
}

/**
 * Puts each 422 message whose path the form `accepts` under that field (`setError(path)`), and
 * returns the messages that found no field, for a line above the form. `accepts` is a list of paths,
 * or a test for forms with rows: `(path) => /^items\.\d+\.net_weight$/.test(path)`.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  accepts: readonly Path<T>[] | ((path: string) => boolean),
): { placed: boolean; unplaced: string[] } {
  const isAccepted =
    typeof accepts === 'function' ? accepts : (path: string) => (accepts as readonly string[]).includes(path);
  let placed = false;
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(serverFieldMessages(error))) {
    if (isAccepted(path)) {
      setError(path as Path<T>, { type: 'server', message });
      placed = true;
    } else {
      unplaced.push(path ? `${path}: ${message}` : message);
    }
  }
  return { placed, unplaced };
}

/**
 * The first 422 message about each row of the array field `arrayPath` (`details.0.account_id` and
 * `details.0` both belong to row 0), by row index: for a table that shows one message per row.
 */
export function rowMessages(error: unknown, arrayPath: string): Map<number, string> {
  const rows = new Map<number, string>();
  const prefix = `${arrayPath}.`;
  for (const [path, message] of Object.entries(serverFieldMessages(error))) {
    if (!path.startsWith(prefix)) continue;
    const index = Number(path.slice(prefix.length).split('.')[0]);
    if (Number.isInteger(index) && index >= 0 && !rows.has(index)) rows.set(index, message);
  }
  return rows;
}

/** The first field of `root` that says it is invalid (`aria-invalid="true"`) and can take focus. */
export function firstInvalidField(root: ParentNode): HTMLElement | null {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[aria-invalid="true"]'))) {
    if (el.matches(':disabled') || el.closest('[inert], [hidden]')) continue;
    return el;
  }
  return null;
}

/**
 * Once for every form of the app: a submit its own checks refused (the messages are drawn, focus is
 * still on the button) moves focus to the first invalid field, which the browser scrolls into view
 * below the sticky header (scroll-padding-top). A form that moved focus itself, or whose save is on
 * its way (no field invalid), is left alone. Returns the uninstall.
 */
export function installFocusFirstInvalid(doc: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const focusedAtSubmit = doc.activeElement;
    // After the form's handler and React's render of its messages (a task later).
    setTimeout(() => {
      const focused = doc.activeElement;
      if (focused !== focusedAtSubmit && focused !== doc.body && focused !== null) return;
      if (focused instanceof HTMLElement && focused.getAttribute('aria-invalid') === 'true') return;
      firstInvalidField(form)?.focus();
    }, 0);
  };
  // In the capture phase: what had focus before the form's own handler ran.
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}

import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { ConfirmDialog } from './confirm-dialog';
import { uiText } from './i18n';

/**
 * Asks before a form with unsaved input is left (a reload in the middle of Create
 * Pledge or Multiple Payment lost everything without a word). While `isDirty`: a reload or a closed
 * tab gets the browser's own question (beforeunload), and a move to another screen inside the app
 * (a sidebar link, the header search, Back) is held until the clerk confirms. Nothing was sent, so
 * nothing is half-saved either way. A form just saved is not dirty; a form that navigates away itself
 * after a save calls `allowLeave()` first. Render `dialog` in the form.
 */
export function useUnsavedChanges(isDirty: boolean): { dialog: ReactNode; allowLeave: () => void } {
  const t = useT(uiText);
  const { user } = useSession();
  const holds = useRef(false);
  holds.current = isDirty && user !== null;
  const allowed = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      holds.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const dialog =
    blocker.state === 'blocked' ? (
      <ConfirmDialog
        open
        title={t('leaveTitle')}
        message={t('leaveMessage')}
        confirmLabel={t('leaveConfirm')}
        onConfirm={() => blocker.proceed()}
        onCancel={() => blocker.reset()}
      />
    ) : null;

  const allowLeave = useCallback(() => {
    allowed.current = true;
  }, []);
  return { dialog, allowLeave };
}

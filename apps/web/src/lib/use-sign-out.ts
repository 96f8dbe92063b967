import { useCallback } from 'react';
import { apiRequest } from './api-client';
import { useSession } from './session';

/**
 * Sign Out: tells the server to revoke the session, then clears the stored session whatever it
 * answers. The request is built (with the token) before the storage is cleared and sent with
 * keepalive, so the screen never waits on the network.
 */
export function useSignOut(): () => void {
  const { logout } = useSession();
  return useCallback(() => {
    apiRequest<void>('/auth/logout', {
      method: 'POST',
      skipUnauthorizedHandler: true,
      keepalive: true,
    }).catch(() => undefined);
    logout();
  }, [logout]);
}

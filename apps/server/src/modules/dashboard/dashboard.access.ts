import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // The dashboard is open to every signed-in user, like its route (shell-and-masters §2).
  'GET /api/dashboard': 'signed-in',
};

import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test: admins read the trail. */
export const access: Record<string, Access> = {
  'GET /api/audit': 'audit.read',
};

import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  'GET /api/system/backups': 'backups.manage',
  'POST /api/system/backups': 'backups.manage',
};

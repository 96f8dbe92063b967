import { lazy, Suspense, useId } from 'react';
import { hasPermission, permissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';

// Loaded when shown, so the screens that host it (the pledge detail, the customer form) carry only this
// wrapper for the users who may not read the trail.
const RecordHistoryList = lazy(async () => ({
  default: (await import('./record-history-list')).RecordHistoryList,
}));

const loading = (
  <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
    Loading changes...
  </p>
);

/**
 * A record's own history from the audit trail (issue 16 item 4): who changed it, when and what, newest
 * first. Only for those who may read the trail (admins); nothing at all for anyone else.
 */
export function RecordHistory({ entity, entityId }: { entity: string; entityId: string | number }) {
  const { user } = useSession();
  const titleId = useId();
  if (!hasPermission(user, permissions.auditRead)) return null;
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="text-sm font-bold text-navy-700 dark:text-white">
        Changes
      </h3>
      <Suspense fallback={loading}>
        <RecordHistoryList entity={entity} entityId={String(entityId)} />
      </Suspense>
    </section>
  );
}

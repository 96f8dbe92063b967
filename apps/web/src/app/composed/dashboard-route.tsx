import { BackupsCard } from '@/features/backups/components/backups-card';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';

/** /dashboard: the dashboard's figures with the Backups card (the backups feature owns it; admins only). */
export function DashboardRoute() {
  return <DashboardPage backupsCard={<BackupsCard />} />;
}

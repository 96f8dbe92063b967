import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toasts';
import { formatInstantDate } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { profileText } from '../i18n';

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white px-5 py-4 shadow-sm dark:bg-navy-800">
      <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-lg font-bold text-navy-700 dark:text-white">{value}</p>
    </div>
  );
}

export function ProfilePage() {
  const { user } = useSession();
  const { showToast } = useToast();
  const t = useT(profileText);
  if (!user) {
    return <p className="rounded-2xl bg-white p-6 dark:bg-navy-800">{t('notFound')}</p>;
  }
  return (
    <div className="space-y-5">
      <section className="overflow-hidden rounded-2xl bg-white shadow-sm dark:bg-navy-800">
        <div aria-hidden="true" className="h-32 bg-gradient-to-r from-brand-500 via-brand-400 to-gold-400" />
        <div className="flex flex-col items-center px-6 pb-6">
          <Avatar
            name={user.username}
            size="lg"
            className="-mt-12 border-4 border-white dark:border-navy-800"
          />
          <h2 className="mt-3 text-2xl font-bold text-navy-700 dark:text-white">{user.username}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{user.email || t('noEmail')}</p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() =>
              showToast({
                type: 'info',
                title: t('editProfile'),
                message: t('editLater'),
              })
            }
          >
            {t('editProfile')}
          </Button>
        </div>
      </section>
      <div className="grid gap-5 sm:grid-cols-3">
        <Tile label={t('role')} value={user.role === 'admin' ? t('admin') : t('user')} />
        <Tile label={t('companyId')} value={user.company_id == null ? '—' : String(user.company_id)} />
        <Tile label={t('memberSince')} value={formatInstantDate(user.created_at)} />
      </div>
    </div>
  );
}

export default ProfilePage;

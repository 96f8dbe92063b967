import { Icon } from '../components/ui/icons';
import { usePageTitle } from './page-title';

/** Screens specified for later releases open this instead of a dead link. */
export function LaterReleasePage() {
  const title = usePageTitle();
  return (
    <section className="rounded-2xl bg-white p-8 dark:bg-navy-800">
      <p className="flex items-center gap-3 text-base text-slate-600 dark:text-slate-300">
        <Icon name="info" className="size-5 shrink-0 text-brand-500 dark:text-brand-300" />
        {title} arrives in a later release of Pledge Desk.
      </p>
    </section>
  );
}

export default LaterReleasePage;

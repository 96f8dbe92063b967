import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

export function EmptyState({
  title,
  description,
  icon = 'info',
  children,
}: {
  title: string;
  description?: string;
  icon?: IconName;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500 dark:bg-navy-700 dark:text-slate-300">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="text-base font-semibold text-navy-700 dark:text-white">{title}</p>
      {description ? (
        <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{description}</p>
      ) : null}
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}

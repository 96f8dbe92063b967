import { initialsOf } from '@/lib/format';

const sizes = { sm: 'size-10 text-sm', md: 'size-12 text-base', lg: 'size-24 text-3xl' } as const;

/** An avatar drawn from initials: no external avatar service (the CSP allows only our own origin). */
export function Avatar({
  name,
  size = 'sm',
  className = '',
}: {
  name: string | null | undefined;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-brand-500 font-semibold text-white select-none ${sizes[size]} ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}

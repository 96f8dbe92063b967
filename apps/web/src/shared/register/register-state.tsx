/** Loading, error and empty states inside a register's card. */
export function RegisterState({ kind, message }: { kind: 'loading' | 'error' | 'empty'; message: string }) {
  if (kind === 'error') {
    return (
      <p
        role="alert"
        className="m-5 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        {message}
      </p>
    );
  }
  return (
    <p
      role={kind === 'loading' ? 'status' : undefined}
      className="px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-300"
    >
      {message}
    </p>
  );
}

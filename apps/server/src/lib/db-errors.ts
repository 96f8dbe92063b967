import { AppError, pgConstraint, pgErrorCode } from './app-error.ts';

/**
 * Turns a unique or foreign-key violation into the sentence a clerk understands, by the name of the
 * constraint that fired (apps/server/README.md, "Errors"). Anything else is rethrown unchanged.
 *
 *   await insertScheme(tx, input).catch(rethrowConstraint({
 *     schemes_company_name_key: AppError.field('scheme_name', SCHEME_MESSAGES.duplicateName),
 *   }));
 */
export function rethrowConstraint(map: Record<string, AppError>) {
  return (err: unknown): never => {
    const code = pgErrorCode(err);
    if (code === '23505' || code === '23503' || code === '23514') {
      const name = pgConstraint(err);
      const mapped = name ? map[name] : undefined;
      if (mapped) throw mapped;
    }
    throw err;
  };
}

export { AppError };

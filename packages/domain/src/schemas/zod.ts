/**
 * zod as every domain schema imports it: with the domain's sentences set (`zod-messages.ts`,
 * `z.config({ customError })`). A bundle takes the modules a chunk uses and skips the package's
 * entry, so the sentences are imported here, beside every schema, and not only by `index.ts`; this
 * module is listed in the package's `sideEffects` for the same reason.
 */
import './zod-messages.ts';

export { z } from 'zod';

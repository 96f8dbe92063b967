// The search answer's zod schema, in a chunk of its own that the first search fetches (with zod), not
// the shell every screen fetches (issue 32).
export { quickSearchSchema } from '@pledge-desk/domain';

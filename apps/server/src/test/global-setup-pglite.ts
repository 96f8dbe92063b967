/** The server-pglite project's global setup: the migrated PGlite template (templates.ts). */
import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './templates.ts';

export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await ensurePgliteTemplate());
  project.provide('postgresTemplate', '');
}

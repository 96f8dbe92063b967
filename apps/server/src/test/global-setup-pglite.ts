/** The server-pglite project's global setup: the migrated PGlite template (templates.ts) and the server's build. */
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from './server-build.ts';
import { ensurePgliteTemplate } from './templates.ts';

export default async function setup(project: TestProject): Promise<void> {
  // The server processes some files start run the build (server-process.ts).
  await ensureServerBuild(path.resolve(import.meta.dirname, '../../../..'));
  project.provide('pgliteTemplate', await ensurePgliteTemplate());
  project.provide('postgresTemplate', '');
}

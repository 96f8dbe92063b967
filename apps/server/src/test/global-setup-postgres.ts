/** The server-postgres project's global setup: a migrated template database for this run (templates.ts) and the server's build. */
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from './server-build.ts';
import { makePostgresTemplate } from './templates.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('The server-postgres project needs TEST_DATABASE_URL');
  // The server processes some files start run the build (server-process.ts).
  await ensureServerBuild(path.resolve(import.meta.dirname, '../../../..'));
  const template = await makePostgresTemplate(base);
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}

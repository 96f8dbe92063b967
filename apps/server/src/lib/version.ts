import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_DIR } from './paths.ts';

const require = createRequire(import.meta.url);
export const APP_VERSION: string = (require(path.join(REPO_DIR, 'package.json')) as { version: string })
  .version;

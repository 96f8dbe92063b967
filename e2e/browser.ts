import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { LaunchOptions } from 'playwright-core';

/**
 * Our flags for every Chromium we start, Debian's or the bundled one: as root without a sandbox, no GPU,
 * and nothing that phones home (the machines reach no network but the package registries). The bundled
 * one (@sparticuz/chromium, a chrome-headless-shell built for serverless machines) needs nothing more
 * here: of its package's `chromium.args`, `--single-process` hangs playwright's first page (tried), and
 * the rest turn off web security and site isolation or tune it for Lambda, none of which the tests want.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A test camera (Chromium's moving test pattern), allowed without asking: the camera capture's tests.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export interface ChromiumChoice {
  executablePath: string;
  /** Where it came from: `CHROMIUM_PATH`, Debian's `/usr/bin/chromium`, or the npm package. */
  source: 'CHROMIUM_PATH' | '/usr/bin/chromium' | 'bundled';
  /** The bundled package's version, for the log. */
  version?: string;
}

const debianChromium = '/usr/bin/chromium';
let bundled: Promise<ChromiumChoice> | undefined;

/**
 * The one place that picks the browser for the tests, the screenshot scripts and the benchmarks:
 * `CHROMIUM_PATH` when set (`bundled` means the npm package's), else Debian's `/usr/bin/chromium` when
 * it is installed, else the Chromium shipped by `@sparticuz/chromium` (pinned in e2e/package.json).
 */
export async function chooseChromium(): Promise<ChromiumChoice> {
  const asked = process.env.CHROMIUM_PATH;
  if (asked && asked !== 'bundled') return { executablePath: asked, source: 'CHROMIUM_PATH' };
  if (!asked && existsSync(debianChromium)) return { executablePath: debianChromium, source: debianChromium };
  bundled ??= unpackBundledChromium();
  return bundled;
}

/**
 * The npm package ships Chromium brotli-compressed; its `executablePath()` unpacks it into the temporary
 * folder and afterwards returns any `chromium` it finds there, whatever its version. So it is unpacked
 * here, once per version, into a folder of its own (`$TMPDIR/pledge-desk-chromium-<version>`): the
 * package's code runs in a child process whose TMPDIR is a fresh staging folder, which is then renamed
 * into place, so a process running at the same time never sees half a binary (the loser of a race
 * throws its copy away). About 3 s the first time; nothing afterwards.
 */
async function unpackBundledChromium(): Promise<ChromiumChoice> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@sparticuz/chromium');
  const packageJson = join(dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const dir = join(tmpdir(), `pledge-desk-chromium-${version}`);
  const executablePath = join(dir, 'chromium');
  if (!existsSync(executablePath)) {
    removeAbandonedStaging(dir);
    const staging = `${dir}.${process.pid}.${Date.now()}`;
    mkdirSync(staging, { recursive: true });
    const script = `import(${JSON.stringify(entry)}).then((m) => m.default.executablePath())`;
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: staging },
    }).catch((error: unknown) => {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`Unpacking @sparticuz/chromium ${version} failed: ${String(error)}`);
    });
    if (!existsSync(join(staging, 'chromium'))) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`Unpacking @sparticuz/chromium ${version} left no chromium in ${staging}`);
    }
    try {
      renameSync(staging, dir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(executablePath)) throw error;
    }
  }
  return { executablePath, source: 'bundled', version };
}

/** Staging folders of `dir` left by a process killed while unpacking (it takes seconds, not minutes). */
function removeAbandonedStaging(dir: string): void {
  const parent = dirname(dir);
  const prefix = `${dir.slice(parent.length + 1)}.`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const path = join(parent, name);
    if (Date.now() - statSync(path).mtimeMs > 10 * 60_000) rmSync(path, { recursive: true, force: true });
  }
}

/** playwright-core's launch options: the chosen Chromium, headless, with nothing that phones home. */
export async function launchOptions(): Promise<LaunchOptions> {
  const choice = await chooseChromium();
  return { executablePath: choice.executablePath, args: [...chromiumFlags] };
}

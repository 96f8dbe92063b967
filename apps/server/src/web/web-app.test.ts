import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Page weight: on a slow link the web app's JavaScript must travel compressed; the build writes .br and
// .gz beside each file and the server picks the one the browser accepts.
let testApp: TestApp | undefined;
let dir: string | undefined;

afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function appWithBuild(): Promise<{ app: TestApp['app']; script: string }> {
  dir = mkdtempSync(join(tmpdir(), 'pd-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('pledge '.repeat(500))});`;
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Pledge Desk</title>');
  writeFileSync(join(dir, 'assets/index-abc.js'), script);
  writeFileSync(join(dir, 'assets/index-abc.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'assets/index-abc.js.br'), brotliCompressSync(script));
  testApp = await createTestApp({ webDist: dir });
  return { app: testApp.app, script };
}

describe('GET /assets/*: the built web app', () => {
  it('sends the brotli file to a browser that accepts br', async () => {
    const { app, script } = await appWithBuild();
    const res = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a browser that accepts gzip only', async () => {
    const { app, script } = await appWithBuild();
    const res = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const { app, script } = await appWithBuild();
    const res = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });
});

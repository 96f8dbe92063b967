import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/db') });
    expect(c.sessionHours).toBe(12);
    expect(c.staffCanHandlePledges).toBe(false);
    expect(c.uploadMaxBytes).toBe(5 * 1024 * 1024);
    expect(c.businessTimeZone).toBe('Asia/Kolkata');
    expect(c.adminPassword).toBeUndefined();
    expect(c.workers).toBe(Math.min(64, os.availableParallelism()));
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@db.example:5432/pledges' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@db.example:5432/pledges' });
  });

  it('reads booleans and numbers', () => {
    const c = loadConfig({
      STAFF_CAN_HANDLE_PLEDGES: 'true',
      PORT: '9000',
      UPLOAD_MAX_MB: '2',
      DATA_DIR: '/srv/pd',
    });
    expect(c.staffCanHandlePledges).toBe(true);
    expect(c.port).toBe(9000);
    expect(c.uploadMaxBytes).toBe(2 * 1024 * 1024);
    expect(c.database).toEqual({ kind: 'pglite', dataDir: '/srv/pd/db' });
  });

  it('names every bad variable and its value in one message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        TZ_BUSINESS: 'Mars/Base',
        STAFF_CAN_HANDLE_PLEDGES: 'maybe',
        DATABASE_URL: 'mysql://x',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="eighty": must be a number');
    expect(message).toContain('TZ_BUSINESS="Mars/Base": must be an IANA time zone');
    expect(message).toContain('STAFF_CAN_HANDLE_PLEDGES="maybe": must be true or false');
    expect(message).toContain('DATABASE_URL="mysql://x": must start with postgres://');
  });

  it('refuses a short ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD.*at least 8/);
  });

  it('reads WORKERS as a whole number of processes from 1 to 64', () => {
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '64', DATABASE_URL: 'postgres://u@db/pd' }).workers).toBe(64);
    for (const bad of ['0', '65', '2.5', '-1', '']) {
      expect(() => loadConfig({ WORKERS: bad }), bad).toThrow(
        `WORKERS=${JSON.stringify(bad)}: must be a whole number from 1 to 64`,
      );
    }
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow('WORKERS="many": must be a number');
  });
});

describe('REPORTS_DATABASE_URL', () => {
  it('names the replica the reports read, beside DATABASE_URL', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@primary:5432/pd',
      REPORTS_DATABASE_URL: 'postgresql://u@replica:5432/pd',
    });
    expect(c.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@primary:5432/pd',
      reportsUrl: 'postgresql://u@replica:5432/pd',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@primary/pd' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@primary/pd',
    });
  });

  it('refuses a URL that is not PostgreSQL, and a replica without DATABASE_URL', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://u@primary/pd', REPORTS_DATABASE_URL: 'mysql://r' }),
    ).toThrow('REPORTS_DATABASE_URL="mysql://r": must start with postgres://');
    expect(() => loadConfig({ REPORTS_DATABASE_URL: 'postgres://u@replica/pd' })).toThrow(
      'REPORTS_DATABASE_URL="postgres://u@replica/pd": needs DATABASE_URL',
    );
  });
});

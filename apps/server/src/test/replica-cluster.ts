import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A primary and its streaming replica, both real PostgreSQL clusters of the local installation, in a
 * temporary directory (for the reports' replica test). The primary is made with initdb (its
 * pg_hba lets 127.0.0.1 replicate, which the machine's own cluster may not), the replica with
 * `pg_basebackup -R -X stream` from it, so it streams the primary's WAL as a managed replica would.
 * The server processes run as the `postgres` user when the tests run as root (PostgreSQL refuses root).
 */
export interface ReplicatedPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica (fast shutdown): the reports must fall back to the primary. */
  stopReplica(): void;
  /** Stops both clusters and removes their directory. */
  close(): void;
}

function binDir(): string {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = fromConfig.status === 0 ? fromConfig.stdout.trim() : '';
  if (dir && fs.existsSync(path.join(dir, 'initdb'))) return dir;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const d = path.join(base, v, 'bin');
    if (fs.existsSync(path.join(d, 'initdb'))) return d;
  }
  throw new Error('PostgreSQL server programs (initdb, pg_ctl, pg_basebackup) not found; set PG_BINDIR');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export async function startReplicatedPair(): Promise<ReplicatedPair> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-replica-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const full = path.join(bin, program);
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
    const res = spawnSync(cmd, argv, { encoding: 'utf8', cwd: dir, timeout: 120_000 });
    if (res.status !== 0) {
      throw new Error(`${program} ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
    }
  };
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      // A test cluster: nothing to keep past the test, so no flush to disk.
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'shared_buffers = 32MB',
      'max_connections = 40',
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
    ].join('\n');

  let primaryUp = false;
  let replicaUp = false;
  const stop = (d: string) => {
    try {
      run('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  try {
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-N', '-E', 'UTF8', '--locale=C']);
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\n${settings(primaryPort)}\n`);
    run('pg_ctl', ['-D', primaryDir, '-l', path.join(dir, 'primary.log'), '-w', '-t', '60', 'start']);
    primaryUp = true;
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    // The copy carries the primary's postgresql.conf: the replica's own port after it.
    fs.appendFileSync(path.join(replicaDir, 'postgresql.conf'), `\nport = ${replicaPort}\n`);
    run('pg_ctl', ['-D', replicaDir, '-l', path.join(dir, 'replica.log'), '-w', '-t', '60', 'start']);
    replicaUp = true;
  } catch (err) {
    if (replicaUp) stop(replicaDir);
    if (primaryUp) stop(primaryDir);
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica() {
      if (!replicaUp) return;
      replicaUp = false;
      run('pg_ctl', ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
    },
    close() {
      if (replicaUp) stop(replicaDir);
      replicaUp = false;
      if (primaryUp) stop(primaryDir);
      primaryUp = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

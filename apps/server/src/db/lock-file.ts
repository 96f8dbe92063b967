import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

export class DatabaseLockedError extends Error {}

/**
 * Who holds the embedded database: the pid and a start id, so that a lock left by an earlier process
 * that had the same pid is known for what it is. A container starts the server as PID 1 every time:
 * after a kill -9 the new PID 1 finds a lock naming pid 1, its own pid, and the pid alone cannot tell
 * a crashed predecessor from itself.
 *
 * The start id is the boot id and the process start time (Linux /proc), the same for a process
 * whoever reads it; elsewhere a random id of this process, which tells this process from any other.
 */
interface LockOwner {
  pid: number;
  startId?: string;
}

const ownNonce = randomUUID();

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Boot id and start time (clock ticks since boot) of a process, when /proc has them. */
export function processStartId(pid: number): string | undefined {
  const boot = readText('/proc/sys/kernel/random/boot_id')?.trim();
  const stat = readText(`/proc/${pid}/stat`);
  if (!boot || !stat) return undefined;
  // Fields after the command name, which is in parentheses and may itself hold spaces or ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTime = fields[19]; // field 22 of stat: starttime
  return startTime ? `${boot}:${startTime}` : undefined;
}

export function ownStartId(): string {
  return processStartId(process.pid) ?? `nonce:${ownNonce}`;
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed === 'number') return { pid: parsed };
    if (parsed && Number.isInteger(parsed.pid)) return { pid: parsed.pid as number, startId: parsed.startId };
  } catch {
    // An older lock file holds the bare pid.
    const pid = Number.parseInt(text, 10);
    if (Number.isInteger(pid)) return { pid };
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process the lock names still runs: same pid and, where it can be told, same start. */
export function ownerIsAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return owner.startId === ownStartId();
  if (!isRunning(owner.pid)) return false;
  if (!owner.startId || owner.startId.startsWith('nonce:')) return true;
  const current = processStartId(owner.pid);
  return current === undefined || current === owner.startId;
}

/**
 * PGlite is one process's database: two processes writing the same directory corrupt it. Takes the
 * lock file (created exclusively), taking over one left by a process that no longer runs; returns
 * the release function.
 */
export function takeLock(lockPath: string, dataDir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const content = JSON.stringify({ pid: process.pid, startId: ownStartId() });
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      return () => {
        // Only our own lock: after a takeover by another process the file is theirs.
        if (readText(lockPath) === content) fs.rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseOwner(readText(lockPath) ?? '');
      if (owner && ownerIsAlive(owner)) {
        throw new DatabaseLockedError(
          `The database in ${dataDir} is in use by another Pledge Desk process (pid ${owner.pid}). ` +
            'Stop that process first, or set DATA_DIR to another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not take the lock ${lockPath}.`);
}

/** The live process holding the lock at `lockPath`, or null when none does. */
export function liveLockOwner(lockPath: string): number | null {
  const owner = parseOwner(readText(lockPath) ?? '');
  return owner && owner.pid !== process.pid && ownerIsAlive(owner) ? owner.pid : null;
}

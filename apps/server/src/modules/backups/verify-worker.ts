import { parentPort, workerData } from 'node:worker_threads';
import { verifyEmbeddedCopy } from './backup-snapshot.ts';

// The check of an embedded database's copy, in a thread of its own: restoring and checking it is
// PGlite's work (WebAssembly, run to completion between awaits), which on the server's own thread
// would hold up every request while it runs.
const { payloadFile, expected } = workerData as { payloadFile: string; expected: Record<string, number> };
verifyEmbeddedCopy(payloadFile, expected).then(
  (check) => parentPort?.postMessage({ check }),
  (err: unknown) => parentPort?.postMessage({ error: err instanceof Error ? err.message : String(err) }),
);

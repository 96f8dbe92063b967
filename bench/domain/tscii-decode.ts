/**
 * Measures `decodeTscii` throughput on realistic legacy text (at least 20 MB/s).
 * The input is names and addresses from packages/domain/src/tscii/fixtures/roundtrip.json (the repository's copy of shared/tscii), encoded and repeated to 16 MB.
 * Run: npx tsx bench/domain/tscii-decode.ts
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeTscii, encodeTscii } from '@pledge-desk/domain';

const TARGET_BYTES = 16 * 1024 * 1024;
const RUNS = 7;

const here = dirname(fileURLToPath(import.meta.url));
const roundTrips = JSON.parse(
  readFileSync(resolve(here, '../../packages/domain/src/tscii/fixtures/roundtrip.json'), 'utf8'),
) as {
  unicode: string;
}[];
const sample = roundTrips.map((r) => r.unicode).join(', ');
const chunk = encodeTscii(`${sample}\r\n`);
const input = new Uint8Array(TARGET_BYTES);
for (let offset = 0; offset < TARGET_BYTES; offset += chunk.length) {
  input.set(chunk.subarray(0, Math.min(chunk.length, TARGET_BYTES - offset)), offset);
}
const highBytes = input.reduce((n, b) => n + (b >= 0x80 ? 1 : 0), 0);

// Random bytes too: the worst case for the prefix-sign look-ahead.
const randomInput = new Uint8Array(TARGET_BYTES);
let seed = 7;
for (let i = 0; i < randomInput.length; i++) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  randomInput[i] = seed >>> 23;
}

function measure(bytes: Uint8Array): { bestMBps: number; medianMBps: number; chars: number } {
  const rates: number[] = [];
  let chars = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    chars = decodeTscii(bytes).length;
    const seconds = (performance.now() - start) / 1000;
    rates.push(bytes.length / 1_000_000 / seconds);
  }
  rates.sort((a, b) => b - a);
  return {
    bestMBps: Number(rates[0]!.toFixed(1)),
    medianMBps: Number(rates[Math.floor(RUNS / 2)]!.toFixed(1)),
    chars,
  };
}

const text = measure(input);
const random = measure(randomInput);
console.log(
  JSON.stringify(
    {
      benchmark: 'decodeTscii',
      inputMB: Number((TARGET_BYTES / 1_000_000).toFixed(2)),
      highByteShare: Number((highBytes / TARGET_BYTES).toFixed(2)),
      runs: RUNS,
      legacyText: text,
      randomBytes: random,
      node: process.version,
    },
    null,
    2,
  ),
);
if (text.medianMBps < 20) {
  console.error(`decodeTscii ran at ${text.medianMBps} MB/s: under the 20 MB/s target`);
  process.exitCode = 1;
}

import { encodeTscii } from '@pledge-desk/domain';
import { z } from 'zod';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { findLegacyByPnos, searchLegacy } from './legacy.repository.ts';
import { decodeLegacyText, type LegacyRecord, latin1Text, legacyTextBytes } from './legacy-record.ts';

/** Where the old system's customers come from: our own legacy store, or the old system's service. */
export interface LegacySource {
  search(q: string, limit: number): Promise<LegacyRecord[]>;
  /** The rows with these numbers; a number the old system does not know is simply absent. */
  findMany(pnos: string[]): Promise<Map<string, LegacyRecord>>;
}

export function storeSource(db: Db): LegacySource {
  return {
    search: (q, limit) => db.transaction((tx) => searchLegacy(tx, q, limit)),
    async findMany(pnos) {
      const rows = await findLegacyByPnos(db, pnos);
      return new Map(rows.map((r) => [r.pno, r]));
    },
  };
}

/** How long we wait for the old system before telling the clerk it did not answer. */
export const UPSTREAM_TIMEOUT_MS = 8_000;
/** pnos looked up at once when migrating from the old system's service. */
const UPSTREAM_PARALLEL = 4;

const upstreamField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null ? '' : String(v)));
const upstreamAnswer = z.object({
  data: z.array(
    z.object({
      pno: upstreamField,
      name: upstreamField,
      address: upstreamField,
      phoneno: upstreamField,
      mobile: upstreamField,
      cust_refno: upstreamField,
    }),
  ),
});

const notAnswering = () => new AppError('LEGACY_UNAVAILABLE', 502, 'The old system did not answer.');

/**
 * A text field of the service: its bytes decoded as TSCII, and the original as we show it for stored
 * rows (each byte as a Latin-1 character). Text that cannot be bytes (Tamil already in Unicode) is
 * kept as it is.
 */
function field(text: string): { text: string; original: string } {
  const bytes = legacyTextBytes(text);
  if (!bytes) return { text: text.normalize('NFC').trim(), original: text };
  return { text: decodeLegacyText(bytes), original: latin1Text(bytes) };
}

/**
 * The old system holds TSCII, so a Tamil term is sent the way it holds it (README: encoding is for
 * searching legacy records): TSCII bytes as Latin-1 text. English, digits, or text with a character
 * TSCII lacks go as typed.
 */
export function upstreamTerm(q: string): string {
  if (!/[\u0b80-\u0bff]/.test(q)) return q;
  try {
    return latin1Text(encodeTscii(q.normalize('NFC')));
  } catch {
    return q;
  }
}

/**
 * The old system's service (shell-and-masters §7: `GET /customers/search?q=` answering `{data: [...]}`
 * with name and address as TSCII read as Latin-1 text). We decode what it answers exactly as we decode
 * an imported file. A number is looked up by searching for it.
 */
export function upstreamSource(baseUrl: string, timeoutMs = UPSTREAM_TIMEOUT_MS): LegacySource {
  const base = baseUrl.replace(/\/+$/, '');
  async function search(q: string, limit: number): Promise<LegacyRecord[]> {
    let body: unknown;
    try {
      const res = await fetch(`${base}/customers/search?q=${encodeURIComponent(upstreamTerm(q))}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw notAnswering();
      body = await res.json();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw notAnswering();
    }
    const parsed = upstreamAnswer.safeParse(body);
    if (!parsed.success) {
      throw new AppError('LEGACY_BAD_ANSWER', 502, 'The old system answered something we cannot read.');
    }
    return parsed.data.data.slice(0, limit).map((row) => {
      const name = field(row.name);
      const address = field(row.address);
      return {
        pno: field(row.pno).text,
        name: name.text,
        address: address.text,
        phoneno: field(row.phoneno).text,
        mobile: field(row.mobile).text,
        cust_refno: field(row.cust_refno).text,
        name_original: name.original,
        address_original: address.original,
      };
    });
  }

  return {
    search,
    async findMany(pnos) {
      const found = new Map<string, LegacyRecord>();
      const queue = [...new Set(pnos)];
      const worker = async () => {
        for (let pno = queue.shift(); pno !== undefined; pno = queue.shift()) {
          const hit = (await search(pno, 1_000)).find((r) => r.pno === pno);
          if (hit) found.set(pno, hit);
        }
      };
      await Promise.all(Array.from({ length: UPSTREAM_PARALLEL }, worker));
      return found;
    },
  };
}

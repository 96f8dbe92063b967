// Pledges at scale: a pledge book of 1,000,000 pledges (200,000 customers) on
// PostgreSQL and a branch of 100,000 pledges (20,000 customers) on PGlite, made once by SQL set
// operations (bench/server/pledges-data.ts) into a named database that later runs reuse. Then, through
// the real HTTP API of a server process (`scripts/start.mjs`) signed in as admin, one client, requests
// one after another, each measured over QUERIES requests: the list's first page, search by pledge
// number, by part of a Tamil name, of an English name, of a mobile, the count, a customer's active
// pledges and the header search; goal p95 under 50 ms. Then creates per second: CLIENTS concurrent
// clients POSTing /pledges/with-items with an Idempotency-Key for CREATE_SECONDS.
//
//   npm run bench -- pledges     (or npx tsx bench/server/pledges.ts)
//   DB=postgres,pglite QUERIES=200 CLIENTS=8 CREATE_SECONDS=20 PLEDGES_PG=1000000 PLEDGES_PGLITE=100000
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_DATA_DIR=<dir for the PGlite book>
//
// The creates stay in the book (a few thousand pledges a run, on top of the million); drop the database
// (`dropdb pledge_bench_1m`) or remove the data dir to start again from the built book.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { businessToday, pledgeQuote } from '@pledge-desk/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import {
  countPledgesQuery,
  listPledgesQuery,
  quickCustomersQuery,
  quickPledgesQuery,
} from '../../apps/server/src/modules/pledges/pledge-lists.repository.ts';
import { seededRandom } from '../../apps/server/src/seed/sample-people.ts';
import {
  BENCH_ADMIN_PASSWORD,
  benchAdminToken,
  type PledgeBook,
  pledgeBook,
  type SchemeTerms,
  schemeTermsOf,
} from './pledges-data.ts';
import { fmt, giveUpAfter, load, pgBase, startServer, stats, stopServer } from './support.ts';

const queries = Number(process.env.QUERIES ?? 200);
const clients = Number(process.env.CLIENTS ?? 8);
const createSeconds = Number(process.env.CREATE_SECONDS ?? 20);
const kinds = (process.env.DB ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[];
const sizes = {
  postgres: Number(process.env.PLEDGES_PG ?? 1_000_000),
  pglite: Number(process.env.PLEDGES_PGLITE ?? 100_000),
};
// Building the million takes minutes on 2 cores; measuring about as long again.
giveUpAfter('pledges', Number(process.env.BENCH_MINUTES ?? 40));

interface Samples {
  pledgeNos: string[];
  tamilNames: string[];
  englishNames: string[];
  mobiles: string[];
  /** Customers with at least one pledge. */
  customerIds: number[];
  /** Of those, the active ones (a pledge is refused for an inactive customer). */
  activeCustomerIds: number[];
  schemes: SchemeTerms[];
  designIds: number[];
}

/** What the requests ask for, drawn from the book itself (seeded, so every run asks the same). */
async function sample(book: PledgeBook, asOf: string): Promise<Samples> {
  const open = await openDb(book.database);
  try {
    const db = open.db;
    const c = book.companyId;
    const [range] = rowsOf<{ lo: number; hi: number }>(
      await db.execute(sql`select min(id) as lo, max(id) as hi from pledges where company_id = ${c}`),
    );
    const rng = seededRandom(1_000_012);
    const ids = Array.from(
      { length: queries * 3 },
      () => range!.lo + Math.floor(rng() * (range!.hi - range!.lo + 1)),
    );
    const rows = rowsOf<{
      pledge_no: string;
      customer_id: number;
      customer_name: string;
      mobile_number: string;
      status: boolean;
    }>(
      await db.execute(sql`
        select p.pledge_no, p.customer_id, cu.customer_name, cu.mobile_number, cu.status
          from pledges p join customers cu on cu.company_id = p.company_id and cu.id = p.customer_id
         where p.company_id = ${c} and p.id in (${sql.join(
           ids.map((i) => sql`${i}`),
           sql`, `,
         )})`),
    );
    const tamil = rows.filter((r) => /[\u0B80-\u0BFF]/.test(r.customer_name)).map((r) => r.customer_name);
    const english = rows.filter((r) => !/[\u0B80-\u0BFF]/.test(r.customer_name)).map((r) => r.customer_name);
    const schemes = await schemeTermsOf(db, c, asOf);
    const designs = rowsOf<{ id: number }>(
      await db.execute(sql`select id from jewel_designs where company_id = ${c} order by id`),
    );
    return {
      pledgeNos: rows.map((r) => r.pledge_no).slice(0, queries),
      tamilNames: tamil.slice(0, queries),
      englishNames: english.slice(0, queries),
      mobiles: rows.map((r) => r.mobile_number).slice(0, queries),
      customerIds: rows.map((r) => r.customer_id).slice(0, queries),
      activeCustomerIds: rows.filter((r) => r.status).map((r) => r.customer_id),
      schemes,
      designIds: designs.map((d) => d.id),
    };
  } finally {
    await open.close();
  }
}

/** A piece of a name as a clerk types it: 3 to 6 characters from the start of one of its words. */
function nameFragment(rng: () => number, name: string): string {
  const words = name.split(' ').filter((w) => w.length >= 3 && !w.endsWith('.'));
  const word = words[Math.floor(rng() * words.length)] ?? name;
  const chars = [...word];
  const len = Math.min(chars.length, 3 + Math.floor(rng() * 4));
  return chars.slice(0, len).join('');
}

/** 4 to 6 consecutive digits of a mobile, as typed into the search box. */
function digitsOf(rng: () => number, mobile: string): string {
  const len = 4 + Math.floor(rng() * 3);
  const at = Math.floor(rng() * (mobile.length - len + 1));
  return mobile.slice(at, at + len);
}

type Result = { line: string; p95: number | null };

async function measure(port: number, book: PledgeBook, s: Samples, asOf: string): Promise<Result[]> {
  const base = `http://127.0.0.1:${port}/api`;
  const token = await benchAdminToken(base);
  const headers = { authorization: `Bearer ${token}`, 'x-company-id': String(book.companyId) };
  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers });
    const body = (await res.json()) as unknown;
    return {
      took: performance.now() - t0,
      status: res.status,
      body,
      total: res.headers.get('x-total-count'),
    };
  };
  const rng = seededRandom(12);
  const results: Result[] = [];
  /** Times `urls` one after another; every answer must be 200 and, when `hits`, find something. */
  const series = async (what: string, urls: string[], hits?: (body: unknown) => boolean) => {
    const first = await get(urls[0]!);
    if (first.status === 404 || first.status === 405) {
      results.push({ line: `${what}: route not there (${first.status}), not measured`, p95: null });
      return;
    }
    for (const u of urls.slice(0, 10)) await get(u); // warm-up
    const times: number[] = [];
    let found = 0;
    for (const u of urls) {
      const r = await get(u);
      if (r.status !== 200) throw new Error(`${u}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      times.push(r.took);
      if (hits?.(r.body)) found++;
    }
    const note = hits ? ` (${found} of ${urls.length} found something)` : '';
    results.push({ line: `${what}: ${fmt(times)}${note}`, p95: stats(times).p95 });
  };
  const many = <T>(xs: T[], n = queries) => Array.from({ length: n }, (_, i) => xs[i % xs.length]!);
  const nonEmpty = (b: unknown) => Array.isArray(b) && b.length > 0;
  const enc = encodeURIComponent;

  await series('GET /pledges/?limit=10 (first page)', many(['/pledges/?skip=0&limit=10']), nonEmpty);
  await series(
    'search by pledge number (whole number)',
    many(s.pledgeNos).map((n) => `/pledges/?limit=10&search=${enc(n)}`),
    nonEmpty,
  );
  await series(
    'search by part of a Tamil name',
    many(s.tamilNames).map((n) => `/pledges/?limit=10&search=${enc(nameFragment(rng, n))}`),
    nonEmpty,
  );
  await series(
    'search by part of an English name',
    many(s.englishNames).map((n) => `/pledges/?limit=10&search=${enc(nameFragment(rng, n))}`),
    nonEmpty,
  );
  await series(
    'search by part of a mobile',
    many(s.mobiles).map((m) => `/pledges/?limit=10&search=${digitsOf(rng, m)}`),
    nonEmpty,
  );
  await series('GET /pledges/count', many(['/pledges/count']));
  await series(
    'GET /pledges/count?search=<pledge number>',
    many(s.pledgeNos).map((n) => `/pledges/count?search=${enc(n)}`),
  );
  await series(
    "a customer's active pledges",
    many(s.customerIds).map((id) => `/customers/${id}/pledges/active?limit=50`),
  );
  await series(
    'header search GET /search?q=<part of a name>',
    many(s.englishNames).map((n) => `/search?q=${enc(nameFragment(rng, n))}`),
  );

  // Creates: CLIENTS clients, each POSTing one pledge after another for CREATE_SECONDS.
  const body = (r: () => number) => {
    const scheme = s.schemes[Math.floor(r() * s.schemes.length)]!;
    const items = Array.from({ length: 1 + Math.floor(r() * 3) }, () => {
      const grossMg = scheme.silver ? 20_000 + Math.floor(r() * 180_000) : 2_000 + Math.floor(r() * 38_000);
      const netMg = grossMg - Math.floor((grossMg * Math.floor(r() * 9)) / 100);
      return { grossMg, netMg, design: s.designIds[Math.floor(r() * s.designIds.length)]! };
    });
    const quote = pledgeQuote({
      items,
      terms: scheme,
      loanPaise: 1,
      documentChargesPaise: 10_000,
      pledgeDate: asOf,
    });
    const loanPaise = Math.max(Math.floor((quote.eligibleLoanPaise * 0.9) / 10_000) * 10_000, 20_000);
    return {
      customer_id: s.activeCustomerIds[Math.floor(r() * s.activeCustomerIds.length)]!,
      scheme_id: scheme.id,
      pledge_date: asOf,
      total_loan_amount: loanPaise / 100,
      document_charges: 100,
      // Over the cash limit (₹20,000, warn) the clerk confirms.
      cash_limit_confirmed: true,
      items: items.map((i) => ({
        jewell_design_id: i.design,
        gross_weight: i.grossMg / 1000,
        net_weight: i.netMg / 1000,
        jewell_condition: 'Good',
      })),
    };
  };
  const probe = await fetch(`${base}/pledges/with-items`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body(seededRandom(99))),
  });
  if (probe.status === 404 || probe.status === 405) {
    results.push({
      line: `POST /pledges/with-items: route not there (${probe.status}), not measured`,
      p95: null,
    });
    return results;
  }
  if (probe.status !== 201) throw new Error(`create: ${probe.status} ${await probe.text()}`);
  const times: number[] = [];
  const until = performance.now() + createSeconds * 1000;
  const t0 = performance.now();
  const failures = new Map<string, number>();
  await Promise.all(
    Array.from({ length: clients }, async (_, k) => {
      const r = seededRandom(500 + k);
      while (performance.now() < until) {
        const b0 = performance.now();
        const res = await fetch(`${base}/pledges/with-items`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify(body(r)),
        });
        const text = await res.text();
        if (res.status === 201) times.push(performance.now() - b0);
        else {
          const why = `${res.status} ${text.slice(0, 200)}`;
          failures.set(why, (failures.get(why) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  results.push({
    line: `POST /pledges/with-items, ${clients} clients for ${seconds.toFixed(1)} s: ${(times.length / seconds).toFixed(1)} creates/s; ${fmt(times)}`,
    p95: null,
  });
  for (const [why, n] of failures)
    results.push({ line: `  FAILED ${n} x ${why}`, p95: Number.POSITIVE_INFINITY });
  return results;
}

/**
 * The plans of the list's queries, run straight on the database (EXPLAIN ANALYZE of the very query
 * pledge-lists.repository.ts builds): the time inside the database, and any table read whole.
 */
async function plans(book: PledgeBook, s: Samples): Promise<void> {
  const open = await openDb(book.database);
  const rng = seededRandom(77);
  try {
    const db = open.db;
    const c = book.companyId;
    const cases: [string, string | undefined][] = [
      ['first page', undefined],
      ['pledge number', s.pledgeNos[0]],
      ['part of a Tamil name', nameFragment(rng, s.tamilNames[0]!)],
      ['part of an English name', nameFragment(rng, s.englishNames[0]!)],
      ['part of a mobile', digitsOf(rng, s.mobiles[0]!)],
    ];
    const explain = async (what: string, query: SQLWrapper) => {
      const res = rowsOf<Record<string, string>>(
        await db.execute(sql`explain (analyze, costs off) select * from (${query}) q`),
      );
      const lines = res.map((r) => String(Object.values(r)[0]));
      const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '');
      const seq = [...new Set(lines.flatMap((l) => l.match(/Seq Scan on (\w+)/g) ?? []))];
      console.log(`    ${what}: ${time}${seq.length ? `; ${seq.join(', ')}` : ''}`);
      if (process.env.PLANS) for (const l of lines) console.log(`      ${l}`);
    };
    console.log('  plans (EXPLAIN ANALYZE in the database):');
    for (const [what, term] of cases) {
      const shown = term === undefined ? what : `${what} '${term}'`;
      await explain(`list, ${shown}`, listPledgesQuery(db, c, { skip: 0, limit: 10, search: term }));
      await explain(`count, ${shown}`, countPledgesQuery(db, c, term));
      if (term !== undefined) {
        await explain(`header search pledges, ${shown}`, quickPledgesQuery(db, c, term));
        await explain(`header search customers, ${shown}`, quickCustomersQuery(db, c, term));
      }
    }
  } finally {
    await open.close();
  }
}

console.log(`pledges: ${queries} requests of each kind; ${os.cpus().length} cores, load ${load()}`);
const asOf = businessToday();
let allOk = true;
for (const kind of kinds) {
  const pledges = sizes[kind];
  const book = await pledgeBook(kind, { pledges, customers: Math.round(pledges / 5) });
  if (!book) {
    console.log(`postgres: not reachable at ${pgBase}, skipped`);
    continue;
  }
  console.log(`${kind}, ${pledges.toLocaleString('en-IN')} pledges${book.built ? '' : ' (built before)'}:`);
  const samples = await sample(book, asOf);
  const env = { ...book.env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, SKIP_WEB_BUILD: 'true' };
  const { child, port, readyMs } = await startServer(env);
  console.log(`  server ready in ${(readyMs / 1000).toFixed(1)} s`);
  try {
    for (const r of await measure(port, book, samples, asOf)) {
      console.log(`  ${r.line}`);
      if (r.p95 != null && r.p95 >= 50) allOk = false;
    }
  } finally {
    await stopServer(child);
  }
  await plans(book, samples);
  console.log(`  load after: ${load()}`);
}
process.exit(allOk ? 0 : 1);

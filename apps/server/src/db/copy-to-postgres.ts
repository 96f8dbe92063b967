/**
 * Moving a branch from the embedded database to PostgreSQL: every row of every table of the embedded
 * database (PGlite) copied into an empty PostgreSQL database of the same schema, in one transaction.
 *
 * Each table goes across with COPY in PostgreSQL's own text format (`COPY … TO '/dev/blob'` on PGlite,
 * `COPY … FROM STDIN` on PostgreSQL), so every value — numeric amounts, bytea logos, Tamil text,
 * timestamps — arrives exactly as stored, whatever its type. Tables go parents first; a table that
 * refers to itself (the chart of accounts' parent) is one COPY statement, and PostgreSQL checks its
 * foreign keys at the statement's end. The vouchers' balance triggers stay on and check at commit; the
 * kept account totals are copied too, and the deltas the copied lines queue are dropped.
 * The serial sequences are then set past the largest id, so new rows do not collide.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { checkBooks, formatBooksReport } from '../modules/books-check/books-check.repository.ts';
import { type OpenDb, openDb } from './open-db.ts';

export interface CopiedTable {
  table: string;
  rows: number;
}

export class TargetNotEmptyError extends Error {}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TableInfo {
  name: string;
  columns: string[];
}

/** The app's tables (schema public) with their columns, parents before children. */
async function tablesInCopyOrder(source: PGlite): Promise<TableInfo[]> {
  const columns = await source.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns.rows) {
    const list = byTable.get(table_name) ?? [];
    list.push(column_name);
    byTable.set(table_name, list);
  }
  const edges = await source.query<{ child: string; parent: string }>(
    `select cl.relname as child, pl.relname as parent
       from pg_constraint k
       join pg_class cl on cl.oid = k.conrelid
       join pg_class pl on pl.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of edges.rows) {
    if (child === parent) continue;
    const set = parents.get(child) ?? new Set<string>();
    set.add(parent);
    parents.set(child, set);
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`Foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const parent of [...(parents.get(table) ?? [])].sort()) visit(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push({ name: table, columns: byTable.get(table) ?? [] });
  };
  for (const table of [...byTable.keys()].sort()) visit(table);
  return ordered;
}

async function countRows(run: (text: string) => Promise<{ rows: unknown[] }>, table: string) {
  const result = await run(`select count(*)::bigint as n from ${quote(table)}`);
  return Number((result.rows[0] as { n: string | number }).n);
}

/**
 * Copies every row of `source` into `target`, which must have the same schema (both migrated by this
 * version) and no rows at all. Everything or nothing: on any error the target is left as it was.
 * `onTable` hears of each table as it is done.
 */
export async function copyPgliteToPostgres(
  source: PGlite,
  target: pg.PoolClient | pg.Client,
  onTable: (copied: CopiedTable) => void = () => {},
): Promise<CopiedTable[]> {
  const tables = await tablesInCopyOrder(source);
  for (const { name } of tables) {
    const rows = await countRows((text) => target.query(text), name);
    if (rows > 0) {
      throw new TargetNotEmptyError(
        `The PostgreSQL database already holds data (${name}: ${rows} rows). Copy into a new, empty ` +
          'database, and do not start Pledge Desk on it before the copy.',
      );
    }
  }

  const copied: CopiedTable[] = [];
  // A snapshot of the source: nothing else can write it (the caller holds its lock), but the counts
  // and the COPYs then see the same rows regardless.
  await source.exec('begin isolation level repeatable read read only');
  await target.query('begin');
  try {
    for (const { name, columns } of tables) {
      const rows = await countRows((text) => source.query(text), name);
      if (rows > 0) {
        const list = columns.map(quote).join(', ');
        const out = await source.query(`copy ${quote(name)} (${list}) to '/dev/blob'`);
        if (!out.blob) throw new Error(`PGlite returned no data for ${name}`);
        const into = target.query(copyFrom(`copy ${quote(name)} (${list}) from stdin`));
        await pipeline(Readable.fromWeb(out.blob.stream() as never), into);
        const arrived = await countRows((text) => target.query(text), name);
        if (arrived !== rows) throw new Error(`${name}: ${rows} rows read but ${arrived} written`);
      }
      copied.push({ table: name, rows });
      onTable({ table: name, rows });
    }
    // The kept account totals and branch figures came across as they were; the COPY of voucher_lines,
    // pledges and payment_receipts also queued their deltas (the statement triggers of migrations 0018
    // and 0031), which would count every row twice at commit.
    await target.query('delete from account_day_pending');
    await target.query('delete from branch_day_pending');
    await resetSequences(target);
    await target.query('commit');
  } catch (err) {
    await target.query('rollback').catch(() => {});
    throw err;
  } finally {
    await source.exec('rollback').catch(() => {});
  }
  await target.query('analyze');
  return copied;
}

/** Every serial column's sequence set to its table's largest value (or back to 1 when empty). */
async function resetSequences(target: pg.PoolClient | pg.Client): Promise<void> {
  const serials = await target.query<{ table_name: string; column_name: string; seq: string }>(
    `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
       from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { table_name, column_name, seq } of serials.rows) {
    if (!seq) continue;
    await target.query(
      `select setval($1, coalesce((select max(${quote(column_name)}) from ${quote(table_name)}), 1),
                     (select max(${quote(column_name)}) from ${quote(table_name)}) is not null)`,
      [seq],
    );
  }
}

export interface MoveResult {
  tables: CopiedTable[];
  /** The books check on the PostgreSQL copy: true when every invariant holds in every company. */
  booksInOrder: boolean;
  booksReport: string;
}

/**
 * The whole move: opens the embedded database in `dataDir` (taking its lock, so the server must be
 * stopped) and the PostgreSQL database at `url` (applying the migrations, so both have this version's
 * schema), copies every row, then checks the books on the copy.
 */
export async function moveEmbeddedToPostgres(
  dataDir: string,
  url: string,
  onTable?: (copied: CopiedTable) => void,
): Promise<MoveResult> {
  const source = await openDb({ kind: 'pglite', dataDir });
  try {
    const target = await openDb({ kind: 'postgres', url });
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      let tables: CopiedTable[];
      try {
        tables = await copyPgliteToPostgres(pgliteOf(source), client, onTable);
      } finally {
        await client.end();
      }
      const books = await checkBooks(target.db);
      return {
        tables,
        booksInOrder: books.every((c) => c.ok),
        booksReport: formatBooksReport(books),
      };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** The PGlite instance under an embedded database's drizzle handle. */
function pgliteOf(database: OpenDb): PGlite {
  if (database.kind !== 'pglite') throw new Error('The source must be the embedded database');
  return (database.db as unknown as { $client: PGlite }).$client;
}

import type { PendingRelease, ReleaseSummary, ReleaseView } from '@pledge-desk/domain';
import { paiseToRupees, RELEASE_RECEIVER_KINDS, redemptionFigures, rupeesToPaise } from '@pledge-desk/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { companies, customers, files, pledgeReleases, pledges, users } from '../../db/schema/index.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';

// The reads of the release: a release with its pledge, customer, articles and
// payments (the slip, Form H); the releases made in a range (pledge_releases_date_idx); the closed
// pledges whose articles still wait in the vault (pledges_awaiting_release_idx), oldest closing first.

/** An instant as ISO 8601 UTC text, read the same from both drivers. */
export const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const grams = (value: string) => Math.round(Number(value) * 1000) / 1000;

interface ReleaseDbRow {
  release_id: number;
  pledge_id: number;
  pledge_no: string;
  customer_id: number;
  customer_name: string;
  closed_date: string | null;
  released_on: string;
  released_at: string;
  receiver_kind: string;
  receiver_name: string;
  receiver_id_proof: string | null;
  proof_reference: string | null;
  proof_file_id: number | null;
  handed_over_by: number | null;
  handed_over_by_name: string | null;
  remarks: string | null;
  slip_prints: number;
  created_by: number | null;
  created_by_name: string | null;
}

function releaseSelect(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select r.id as release_id, r.pledge_id, p.pledge_no, p.customer_id, c.customer_name,
           p.closed_date::text as closed_date, r.released_on::text as released_on,
           ${isoText(sql`r.released_at`)} as released_at, r.receiver_kind, r.receiver_name,
           r.receiver_id_proof, r.proof_reference, r.proof_file_id, r.handed_over_by,
           hu.username as handed_over_by_name, r.remarks, r.slip_prints, r.created_by,
           cu.username as created_by_name
      from pledge_releases r
      join pledges p on p.company_id = r.company_id and p.id = r.pledge_id
      join customers c on c.company_id = p.company_id and c.id = p.customer_id
      left join users hu on hu.id = r.handed_over_by
      left join users cu on cu.id = r.created_by
     where ${where}
     ${tail}`;
}

const ref = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id: Number(id), username: name } : null;

function toSummary(r: ReleaseDbRow): ReleaseSummary {
  return {
    release_id: Number(r.release_id),
    pledge_id: Number(r.pledge_id),
    pledge_no: r.pledge_no,
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
    closed_date: r.closed_date,
    released_on: r.released_on,
    released_at: r.released_at,
    receiver_kind: RELEASE_RECEIVER_KINDS.find((k) => k === r.receiver_kind) ?? 'pawner',
    receiver_name: r.receiver_name,
    receiver_id_proof: r.receiver_id_proof,
    proof_reference: r.proof_reference,
    proof_file_id: r.proof_file_id === null ? null : Number(r.proof_file_id),
    handed_over_by: ref(r.handed_over_by, r.handed_over_by_name),
    remarks: r.remarks,
    slip_prints: Number(r.slip_prints),
    created_by: ref(r.created_by, r.created_by_name),
  };
}

/** The releases of the company released from `from` to `to`, in date order, a page at a time. */
export async function listReleases(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
  page: { skip: number; limit: number },
): Promise<{ rows: ReleaseSummary[]; total: number }> {
  const range = sql`r.company_id = ${companyId} and r.released_on between ${from} and ${to}`;
  const rows = rowsOf<ReleaseDbRow>(
    await db.execute(
      releaseSelect(range, sql`order by r.released_on, r.id offset ${page.skip} limit ${page.limit}`),
    ),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pledge_releases r where ${range}`),
  );
  return { rows: rows.map(toSummary), total: Number(count?.n ?? 0) };
}

/** The release of a pledge as the slip prints it, or undefined when it has none. */
export async function findReleaseView(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<ReleaseView | undefined> {
  const [row] = rowsOf<ReleaseDbRow>(
    await db.execute(releaseSelect(sql`r.company_id = ${companyId} and r.pledge_id = ${pledgeId}`)),
  );
  if (!row) return undefined;
  const [p] = rowsOf<{
    pledge_date: string;
    due_date: string;
    closed_date: string | null;
    scheme_name: string;
    packet_no: string | null;
    total_loan_amount: string;
    first_month_interest: string;
    item_count: number;
    gross_weight: string;
    net_weight: string;
    acc_code: string;
    customer_name: string;
    guardian_name: string;
    mobile: string;
    address: string;
  }>(
    await db.execute(sql`
      select p.pledge_date::text as pledge_date, p.due_date::text as due_date, p.closed_date::text as closed_date,
             s.scheme_name, p.packet_no, p.total_loan_amount::text as total_loan_amount,
             p.first_month_interest::text as first_month_interest, p.item_count,
             p.gross_weight::text as gross_weight, p.net_weight::text as net_weight,
             c.acc_code, c.customer_name, c.guardian_name, c.mobile_number as mobile,
             concat_ws(', ', nullif(c.door_no, ''), nullif(c.street, ''), nullif(c.location, ''),
                       nullif(c.district, ''), nullif(c.pincode, '')) as address
        from pledges p
        join schemes s on s.company_id = p.company_id and s.id = p.scheme_id
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
       where p.company_id = ${companyId} and p.id = ${pledgeId}`),
  );
  if (!p) return undefined;
  const items = rowsOf<{
    id: number;
    design_name: string;
    condition: string | null;
    gross_weight: string;
    net_weight: string;
  }>(
    await db.execute(sql`
      select i.id, d.design_name, i.jewell_condition as condition, i.gross_weight::text as gross_weight,
             i.net_weight::text as net_weight
        from pledge_items i
        join jewel_designs d on d.company_id = i.company_id and d.id = i.jewell_design_id
       where i.company_id = ${companyId} and i.pledge_id = ${pledgeId}
       order by i.id`),
  );
  const payments = rowsOf<{
    receipt_no: string;
    payment_date: string;
    principal: string;
    interest: string;
    penalty: string;
    discount: string;
  }>(
    await db.execute(sql`
      select r.receipt_no, pp.payment_date::text as payment_date, pp.principal_amount::text as principal,
             pp.interest_amount::text as interest, pp.penalty_amount::text as penalty,
             pp.discount_amount::text as discount
        from pledge_payments pp
        join payment_receipts r on r.company_id = pp.company_id and r.id = pp.receipt_id
       where pp.company_id = ${companyId} and pp.pledge_id = ${pledgeId} and pp.reversed_at is null
       order by pp.payment_date, pp.id`),
  );
  const parts = payments.map((x) => ({
    principalPaise: rupeesToPaise(x.principal),
    interestPaise: rupeesToPaise(x.interest),
    penaltyPaise: rupeesToPaise(x.penalty),
    discountPaise: rupeesToPaise(x.discount),
  }));
  // The slip's figures come from one domain function whose total is the sum of its lines (Form H).
  const figures = redemptionFigures({
    firstMonthInterestPaise: rupeesToPaise(p.first_month_interest),
    payments: parts,
  });
  const line = figures.lines;
  return {
    ...toSummary(row),
    pledge: {
      pledge_date: p.pledge_date,
      due_date: p.due_date,
      closed_date: p.closed_date,
      scheme_name: p.scheme_name,
      packet_no: p.packet_no,
      total_loan_amount: rupeesFromNumeric(p.total_loan_amount),
      item_count: Number(p.item_count),
      gross_weight: grams(p.gross_weight),
      net_weight: grams(p.net_weight),
    },
    customer: {
      id: Number(row.customer_id),
      acc_code: p.acc_code,
      customer_name: p.customer_name,
      guardian_name: p.guardian_name,
      mobile: p.mobile,
      address: p.address,
    },
    items: items.map((i) => ({
      pledge_item_id: Number(i.id),
      design_name: i.design_name,
      condition: i.condition,
      gross_weight: grams(i.gross_weight),
      net_weight: grams(i.net_weight),
    })),
    paid: {
      principal: paiseToRupees(line.principal),
      interest_paid: paiseToRupees(line.interest),
      first_month_interest: paiseToRupees(figures.interestParts.firstMonth),
      interest: paiseToRupees(figures.interestParts.onReceipts),
      penalty: paiseToRupees(line.penalty),
      discount: paiseToRupees(-line.discount),
      total: paiseToRupees(figures.totalPaise),
      receipts: payments.map((x, i) => ({
        receipt_no: x.receipt_no,
        payment_date: x.payment_date,
        amount: paiseToRupees(
          parts[i]!.principalPaise +
            parts[i]!.interestPaise +
            parts[i]!.penaltyPaise -
            parts[i]!.discountPaise,
        ),
      })),
    },
  };
}

/** Counts one print of a pledge's release slip; undefined when the pledge has no release. */
export async function countSlipPrint(db: DbOrTx, companyId: number, pledgeId: number) {
  const [row] = rowsOf<{ slip_prints: number }>(
    await db.execute(sql`
      update pledge_releases set slip_prints = slip_prints + 1
       where company_id = ${companyId} and pledge_id = ${pledgeId}
      returning slip_prints`),
  );
  return row ? Number(row.slip_prints) : undefined;
}

/**
 * The closed pledges whose articles are still in the vault (closed_date set, released_on null) and
 * closed by `asOf`, oldest closing first (pledges_awaiting_release_idx), a page at a time; with the
 * count of the list and of those closed on or before `overdueCutoff` (the overdue ones).
 */
export function pendingReleasesQuery(
  companyId: number,
  asOf: string,
  page: { skip: number; limit: number },
): SQL {
  return sql`
    select p.id as pledge_id, p.pledge_no, p.packet_no, p.customer_id, c.customer_name,
           c.mobile_number as customer_mobile, p.pledge_date::text as pledge_date,
           p.closed_date::text as closed_date, p.closed_by, p.total_loan_amount::text as total_loan_amount,
           p.item_count, p.net_weight::text as net_weight, p.is_move_to_bank
      from pledges p
      join customers c on c.company_id = p.company_id and c.id = p.customer_id
     where p.company_id = ${companyId} and p.closed_date is not null and p.released_on is null
       and p.closed_date <= ${asOf}
     order by p.closed_date, p.id
     offset ${page.skip} limit ${page.limit}`;
}

export function pendingReleasesCountQuery(
  companyId: number,
  asOf: string,
  overdueCutoff: string | null,
): SQL {
  return sql`
    select count(*)::int as total,
           count(*) filter (where p.closed_date <= ${overdueCutoff ?? '0001-01-01'})::int as overdue
      from pledges p
     where p.company_id = ${companyId} and p.closed_date is not null and p.released_on is null
       and p.closed_date <= ${asOf}`;
}

export type PendingReleaseRow = Omit<PendingRelease, 'working_days_waited' | 'overdue'>;

export async function readPendingReleases(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  page: { skip: number; limit: number },
  overdueCutoff: string | null,
): Promise<{ rows: PendingReleaseRow[]; total: number; overdue: number }> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(pendingReleasesQuery(companyId, asOf, page)));
  const [count] = rowsOf<{ total: number; overdue: number }>(
    await db.execute(pendingReleasesCountQuery(companyId, asOf, overdueCutoff)),
  );
  return {
    rows: rows.map((r) => ({
      pledge_id: Number(r.pledge_id),
      pledge_no: String(r.pledge_no),
      packet_no: (r.packet_no as string | null) ?? null,
      customer_id: Number(r.customer_id),
      customer_name: String(r.customer_name),
      customer_mobile: String(r.customer_mobile),
      pledge_date: String(r.pledge_date),
      closed_date: String(r.closed_date),
      closed_by: String(r.closed_by),
      total_loan_amount: rupeesFromNumeric(String(r.total_loan_amount)),
      item_count: Number(r.item_count),
      net_weight: grams(String(r.net_weight)),
      is_move_to_bank: r.is_move_to_bank === true || r.is_move_to_bank === 't',
    })),
    total: Number(count?.total ?? 0),
    overdue: Number(count?.overdue ?? 0),
  };
}

/** The company's release wait in working days; undefined when there is no such company. */
export async function findReleaseWait(db: DbOrTx, companyId: number): Promise<number | undefined> {
  const [company] = await db
    .select({ wait: companies.releaseWaitWorkingDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.wait;
}

// ------------------------------------------------------------------ the release's reads and writes

/** A user who may be named as handing the articles over: a user of the company, or an admin. */
export async function isStaffOf(db: DbOrTx, companyId: number, userId: number): Promise<boolean> {
  const [u] = await db
    .select({ companyId: users.companyId, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !!u && (u.companyId === companyId || u.role === 'admin');
}

export async function fileExists(db: DbOrTx, companyId: number, fileId: number): Promise<boolean> {
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, fileId)))
    .limit(1);
  return file !== undefined;
}

/** The customer's name; undefined when the company has no such customer. */
export async function findCustomerName(
  db: DbOrTx,
  companyId: number,
  customerId: number,
): Promise<string | undefined> {
  const [c] = await db
    .select({ name: customers.customerName })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  return c?.name;
}

export type NewRelease = Omit<typeof pledgeReleases.$inferInsert, 'id' | 'createdAt'>;

export async function insertRelease(tx: Tx, values: NewRelease): Promise<number> {
  const [release] = await tx.insert(pledgeReleases).values(values).returning({ id: pledgeReleases.id });
  if (!release) throw new Error('release insert returned no row');
  return release.id;
}

/** The pledge's released_on, written with its release row. */
export async function setPledgeReleasedOn(
  tx: Tx,
  companyId: number,
  pledgeId: number,
  releasedOn: string,
  userId: number,
): Promise<void> {
  await tx
    .update(pledges)
    .set({ releasedOn, updatedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)));
}

import {
  type IdDocumentKind,
  type KycFacts,
  type KycGap,
  type PanRule,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { customerIdDocuments, customers } from '../../db/schema/index.ts';
import { listFilter, sameNameCondition } from '../customers/customers.repository.ts';

export type IdDocumentRow = typeof customerIdDocuments.$inferSelect;

/** What a customer's KYC is judged on, with their open loans (remaining principal) and open pledges. */
export interface CustomerKycFacts extends KycFacts {
  openLoansPaise: number;
  openPledges: number;
}

/**
 * The remaining principal of a customer's open pledges, as `p` (a payment reversed counts in no
 * balance): the same sum as the RBI checks' borrowerHoldings.
 */
const remainingPrincipal = sql`p.total_loan_amount - coalesce((
    select sum(pp.principal_amount) from pledge_payments pp
     where pp.company_id = p.company_id and pp.pledge_id = p.id and pp.reversed_at is null), 0)`;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** A boolean column as either driver answers it in a raw query (PGlite may give 't'). */
const truthy = (v: unknown) => v === true || v === 't';

/** The KYC facts of some customers of the company (a list page, one customer), by id. */
export async function kycFactsOf(
  db: DbOrTx,
  companyId: number,
  customerIds: readonly number[],
): Promise<Map<number, CustomerKycFacts>> {
  const facts = new Map<number, CustomerKycFacts>();
  if (customerIds.length === 0) return facts;
  const rows = rowsOf<{
    id: number;
    kinds: string | null;
    has_photo: boolean;
    has_form60: boolean;
    review: boolean;
    open_loans: string | null;
    open_pledges: number | string;
  }>(
    await db.execute(sql`
      select c.id, c.photo_file_id is not null as has_photo, c.form60_declared_on is not null as has_form60,
             c.id_proof_needs_review as review,
             (select string_agg(d.kind, ',') from customer_id_documents d
               where d.company_id = c.company_id and d.customer_id = c.id) as kinds,
             o.open_loans::text as open_loans, o.open_pledges
        from customers c
        cross join lateral (
          select sum(${remainingPrincipal}) as open_loans, count(*) as open_pledges
            from pledges p
           where p.company_id = c.company_id and p.customer_id = c.id and p.closed_date is null) o
       where c.company_id = ${companyId} and c.id in (${idList(customerIds)})`),
  );
  for (const r of rows) {
    facts.set(Number(r.id), {
      documents: r.kinds ? (r.kinds.split(',') as IdDocumentKind[]) : [],
      hasPhoto: truthy(r.has_photo),
      hasForm60: truthy(r.has_form60),
      idProofNeedsReview: truthy(r.review),
      openLoansPaise: r.open_loans ? rupeesToPaise(r.open_loans) : 0,
      openPledges: Number(r.open_pledges),
    });
  }
  return facts;
}

export async function listDocuments(
  db: DbOrTx,
  companyId: number,
  customerId: number,
): Promise<IdDocumentRow[]> {
  return db
    .select()
    .from(customerIdDocuments)
    .where(and(eq(customerIdDocuments.companyId, companyId), eq(customerIdDocuments.customerId, customerId)))
    .orderBy(customerIdDocuments.id);
}

/** A customer's document, locked for the rest of the transaction. */
export async function lockDocument(
  tx: Tx,
  companyId: number,
  customerId: number,
  documentId: number,
): Promise<IdDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(customerIdDocuments)
    .where(
      and(
        eq(customerIdDocuments.companyId, companyId),
        eq(customerIdDocuments.customerId, customerId),
        eq(customerIdDocuments.id, documentId),
      ),
    )
    .for('update');
  return row;
}

export async function findDocumentOfKind(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  kind: IdDocumentKind,
): Promise<IdDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(customerIdDocuments)
    .where(
      and(
        eq(customerIdDocuments.companyId, companyId),
        eq(customerIdDocuments.customerId, customerId),
        eq(customerIdDocuments.kind, kind),
      ),
    );
  return row;
}

export async function insertDocument(
  tx: Tx,
  values: {
    companyId: number;
    customerId: number;
    kind: IdDocumentKind;
    keptNumber: string;
    issuedOn: string | null;
    expiresOn: string | null;
    createdBy: number | null;
  },
): Promise<IdDocumentRow> {
  const [row] = await tx.insert(customerIdDocuments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteDocument(tx: Tx, companyId: number, documentId: number): Promise<void> {
  await tx
    .delete(customerIdDocuments)
    .where(and(eq(customerIdDocuments.companyId, companyId), eq(customerIdDocuments.id, documentId)));
}

export async function setDocumentImage(
  tx: Tx,
  companyId: number,
  documentId: number,
  side: 'front' | 'back',
  fileId: number | null,
): Promise<IdDocumentRow | undefined> {
  const [row] = await tx
    .update(customerIdDocuments)
    .set({
      ...(side === 'front' ? { frontFileId: fileId } : { backFileId: fileId }),
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(customerIdDocuments.companyId, companyId), eq(customerIdDocuments.id, documentId)))
    .returning();
  return row;
}

/**
 * Another customer of the company who has this ID number: the same PAN, or an Aadhaar with the same
 * last four digits and a similar name (four digits alone are shared by one customer in ten thousand).
 */
export async function findDuplicateById(
  db: DbOrTx,
  companyId: number,
  candidate: { customerId: number; customerName: string; kind: IdDocumentKind; keptNumber: string },
): Promise<{ id: number; accCode: string; customerName: string } | undefined> {
  if (candidate.kind !== 'pan' && candidate.kind !== 'aadhaar') return undefined;
  const [row] = await db
    .select({ id: customers.id, accCode: customers.accCode, customerName: customers.customerName })
    .from(customerIdDocuments)
    .innerJoin(
      customers,
      and(
        eq(customers.companyId, customerIdDocuments.companyId),
        eq(customers.id, customerIdDocuments.customerId),
      ),
    )
    .where(
      and(
        eq(customerIdDocuments.companyId, companyId),
        eq(customerIdDocuments.kind, candidate.kind),
        eq(customerIdDocuments.keptNumber, candidate.keptNumber),
        sql`${customerIdDocuments.customerId} <> ${candidate.customerId}`,
        candidate.kind === 'aadhaar' ? sameNameCondition(candidate.customerName) : undefined,
      ),
    )
    .orderBy(customers.id)
    .limit(1);
  return row;
}

/** The customer's KYC columns changed (photo, nominee, Form 60, the ID proof looked at). */
export async function updateKycColumns(
  tx: Tx,
  companyId: number,
  customerId: number,
  set: Partial<
    Pick<
      typeof customers.$inferInsert,
      | 'photoFileId'
      | 'nomineeName'
      | 'nomineeRelation'
      | 'nomineeMobile'
      | 'form60DeclaredOn'
      | 'idProofNeedsReview'
    >
  >,
): Promise<void> {
  await tx
    .update(customers)
    .set({ ...set, updatedAt: new Date().toISOString() })
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
}

/** The SQL of "this customer's KYC has this gap", over `customers` and `o` (their open loans). */
function gapConditions(rule: PanRule): Record<KycGap, SQL> {
  const hasKind = (kindCondition: SQL) => sql`exists (select 1 from customer_id_documents d
      where d.company_id = customers.company_id and d.customer_id = customers.id and ${kindCondition})`;
  return {
    id_document: sql`not ${hasKind(sql`d.kind <> 'pan'`)}`,
    photo: sql`customers.photo_file_id is null`,
    pan_or_form60: rule.applies
      ? sql`(coalesce(o.open_loans, 0) >= ${(rule.thresholdPaise / 100).toFixed(2)}::numeric
            and customers.form60_declared_on is null and not ${hasKind(sql`d.kind = 'pan'`)})`
      : sql`false`,
    id_proof_review: sql`customers.id_proof_needs_review`,
  };
}

export interface KycRegisterLine {
  id: number;
  accCode: string;
  customerName: string;
  mobileNumber: string;
  createdAt: string | Date;
  gaps: KycGap[];
  openPledges: number;
  openLoansPaise: number;
}

/**
 * The incomplete-KYC register: the company's active customers with a gap, by customer code, a page at a
 * time (`limit` null: all, for the CSV), with the count by gap over the whole register. A search (part
 * of a name, mobile or code) narrows it through the customers' trigram indexes.
 */
export async function readKycRegister(
  db: DbOrTx,
  companyId: number,
  rule: PanRule,
  query: { search?: string | undefined; offset: number; limit: number | null },
): Promise<{
  lines: KycRegisterLine[];
  total: number;
  byGap: Record<KycGap, number>;
}> {
  const gaps = gapConditions(rule);
  const where = listFilter(companyId, query.search);
  const base = sql`
    select customers.id, customers.acc_code, customers.customer_name, customers.mobile_number,
           customers.created_at,
           ${gaps.id_document} as id_document, ${gaps.photo} as photo,
           ${gaps.pan_or_form60} as pan_or_form60, ${gaps.id_proof_review} as id_proof_review,
           coalesce(o.open_pledges, 0) as open_pledges, coalesce(o.open_loans, 0)::text as open_loans
      from customers
      cross join lateral (
        select sum(${remainingPrincipal}) as open_loans, count(*) as open_pledges
          from pledges p
         where p.company_id = customers.company_id and p.customer_id = customers.id
           and p.closed_date is null) o
     where ${where} and customers.status`;
  const incomplete = sql`select * from (${base}) k
     where k.id_document or k.photo or k.pan_or_form60 or k.id_proof_review`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`${incomplete} order by k.acc_code, k.id offset ${query.offset}${
        query.limit === null ? sql`` : sql` limit ${query.limit}`
      }`,
    ),
  );
  const [counts] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select count(*) as total,
             count(*) filter (where k.id_document) as id_document, count(*) filter (where k.photo) as photo,
             count(*) filter (where k.pan_or_form60) as pan_or_form60,
             count(*) filter (where k.id_proof_review) as id_proof_review
        from (${incomplete}) k`),
  );
  const order: KycGap[] = ['id_document', 'photo', 'pan_or_form60', 'id_proof_review'];
  return {
    lines: rows.map((r) => ({
      id: Number(r.id),
      accCode: String(r.acc_code),
      customerName: String(r.customer_name),
      mobileNumber: String(r.mobile_number),
      createdAt: r.created_at as string | Date,
      gaps: order.filter((gap) => truthy(r[gap])),
      openPledges: Number(r.open_pledges),
      openLoansPaise: rupeesToPaise(String(r.open_loans)),
    })),
    total: Number(counts?.total ?? 0),
    byGap: {
      id_document: Number(counts?.id_document ?? 0),
      photo: Number(counts?.photo ?? 0),
      pan_or_form60: Number(counts?.pan_or_form60 ?? 0),
      id_proof_review: Number(counts?.id_proof_review ?? 0),
    },
  };
}

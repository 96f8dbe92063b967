import {
  formatRupees,
  type IdDocumentInput,
  type KycGap,
  keptIdNumber,
  kycGaps,
  type NomineeInput,
  panOrForm60Needed,
  panOrForm60NeededNow,
} from '@pledge-desk/domain';
import type { Db, DbOrTx, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { type Compliance, findCompliance } from '../compliance/compliance.repository.ts';
import { type CustomerRow, findCustomer, lockCustomer } from '../customers/customers.repository.ts';
import { deleteFile, insertFile } from '../files/files.repository.ts';
import type { ImageMime } from '../files/image-type.ts';
import {
  type CustomerKycFacts,
  deleteDocument,
  findDocumentOfKind,
  findDuplicateById,
  type IdDocumentRow,
  insertDocument,
  kycFactsOf,
  listDocuments,
  lockDocument,
  setDocumentImage,
  updateKycColumns,
} from './kyc.repository.ts';

/** A customer's KYC as read: the row, the documents, the facts and the branch's rule. */
export interface CustomerKycRead {
  customer: CustomerRow;
  documents: IdDocumentRow[];
  facts: CustomerKycFacts;
  compliance: Compliance;
  /** PAN or Form 60 needed (for `loanPaise` with the open loans, or the open loans alone). */
  panNeeded: boolean;
  gaps: KycGap[];
}

/** The company's compliance settings, read from its companies row (404 if the company is gone). */
const complianceOf = (compliance: Compliance | undefined): Compliance => {
  if (!compliance) throw AppError.notFound('Company');
  return compliance;
};

/** The gaps of a customer, PAN judged on a new loan of `loanPaise` with the open ones, or on the open ones. */
export function gapsOf(
  facts: CustomerKycFacts,
  compliance: Compliance,
  loanPaise?: number,
): { panNeeded: boolean; gaps: KycGap[] } {
  const panNeeded =
    loanPaise === undefined
      ? panOrForm60NeededNow(compliance.panRule, facts.openLoansPaise)
      : panOrForm60Needed(compliance.panRule, loanPaise, facts.openLoansPaise);
  return { panNeeded, gaps: kycGaps(facts, panNeeded) };
}

/** The KYC gaps of some customers (a list page): PAN judged on their open loans. */
export async function gapsOfCustomers(
  db: DbOrTx,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, KycGap[]>> {
  const out = new Map<number, KycGap[]>();
  if (ids.length === 0) return out;
  const [facts, compliance] = await Promise.all([
    kycFactsOf(db, companyId, ids),
    findCompliance(db, companyId),
  ]);
  for (const [id, f] of facts) out.set(id, gapsOf(f, complianceOf(compliance)).gaps);
  return out;
}

/** Everything of a customer's KYC; 404 when the customer is not the company's. */
export async function readCustomerKyc(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  loanPaise?: number,
): Promise<CustomerKycRead> {
  const customer = await findCustomer(db, companyId, customerId);
  if (!customer) throw AppError.notFound('Customer');
  const [documents, facts, compliance] = await Promise.all([
    listDocuments(db, companyId, customerId),
    kycFactsOf(db, companyId, [customerId]),
    findCompliance(db, companyId),
  ]);
  const f = facts.get(customerId);
  if (!f) throw AppError.notFound('Customer');
  const c = complianceOf(compliance);
  return { customer, documents, facts: f, compliance: c, ...gapsOf(f, c, loanPaise) };
}

/**
 * A new pledge's KYC checks (create, not a renewal, which only carries an existing loan over): PAN or
 * Form 60 on file when the loan with the customer's open loans reaches the branch's threshold (409
 * naming both), and, where the branch refuses incomplete KYC, every piece on file.
 */
export async function assertKycAllowsPledge(
  tx: Tx,
  compliance: Compliance | undefined,
  companyId: number,
  customerId: number,
  loanPaise: number,
): Promise<void> {
  if (!compliance) return;
  const rule = compliance.panRule;
  if (!rule.applies && compliance.kycIncompleteMode === 'warn') return;
  const facts = (await kycFactsOf(tx, companyId, [customerId])).get(customerId);
  // An unknown customer is refused by the parties' check, with its own message.
  if (!facts) return;
  const { panNeeded, gaps } = gapsOf(facts, compliance, loanPaise);
  if (panNeeded && gaps.includes('pan_or_form60')) {
    throw AppError.coded(409, 'PAN_OR_FORM60_NEEDED', 'kyc.panOrForm60Needed', {
      total: formatRupees(loanPaise + facts.openLoansPaise),
      threshold: formatRupees(rule.thresholdPaise),
    });
  }
  if (compliance.kycIncompleteMode === 'block' && gaps.length > 0) {
    throw AppError.coded(409, 'KYC_INCOMPLETE', 'kyc.incompleteBlocked');
  }
}

/** Records a KYC change of a customer: the customer's row (or the document's) before and after. */
async function auditKyc(
  tx: Tx,
  action: string,
  customerId: number,
  before: unknown,
  after: unknown,
): Promise<void> {
  await recordAudit(tx, { action, entity: 'customer', entityId: customerId, before, after });
}

async function lockedCustomer(tx: Tx, companyId: number, customerId: number): Promise<CustomerRow> {
  const customer = await lockCustomer(tx, companyId, customerId);
  if (!customer) throw AppError.notFound('Customer');
  return customer;
}

export type IdDuplicate = NonNullable<Awaited<ReturnType<typeof findDuplicateById>>>;

const kindTaken = () => AppError.coded(409, 'DOCUMENT_KIND_TAKEN', 'kyc.documentKindTaken');

/**
 * Adds an ID document: its number kept as the rules allow (an Aadhaar as its last four digits: the
 * whole number goes no further than this function), unless another customer has the same PAN, or the
 * same Aadhaar last four with a similar name, and the clerk has not confirmed: then that one is answered.
 */
export async function addIdDocument(
  db: Db,
  companyId: number,
  customerId: number,
  input: IdDocumentInput,
  createdBy: number,
  confirmDuplicate: boolean,
): Promise<{ created: IdDocumentRow } | { duplicate: IdDuplicate; keptNumber: string }> {
  return db.transaction(async (tx) => {
    const customer = await lockedCustomer(tx, companyId, customerId);
    if (await findDocumentOfKind(tx, companyId, customerId, input.kind)) throw kindTaken();
    const keptNumber = keptIdNumber(input.kind, input.number);
    if (!confirmDuplicate) {
      const duplicate = await findDuplicateById(tx, companyId, {
        customerId,
        customerName: customer.customerName,
        kind: input.kind,
        keptNumber,
      });
      if (duplicate) return { duplicate, keptNumber };
    }
    const created = await insertDocument(tx, {
      companyId,
      customerId,
      kind: input.kind,
      keptNumber,
      issuedOn: input.issued_on ?? null,
      expiresOn: input.expires_on ?? null,
      createdBy,
    }).catch(rethrowConstraint({ customer_id_documents_customer_kind_key: kindTaken() }));
    const after = await rowSnapshot(tx, 'customer_id_documents', companyId, created.id);
    await auditKyc(tx, 'add_id_document', customerId, null, after);
    return { created };
  });
}

/** Removes an ID document with its images. */
export async function removeIdDocument(
  db: Db,
  companyId: number,
  customerId: number,
  documentId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedCustomer(tx, companyId, customerId);
    const document = await lockDocument(tx, companyId, customerId, documentId);
    if (!document) throw AppError.coded(404, 'NOT_FOUND', 'kyc.documentNotFound');
    const before = await rowSnapshot(tx, 'customer_id_documents', companyId, documentId);
    await deleteDocument(tx, companyId, documentId);
    for (const fileId of [document.frontFileId, document.backFileId]) {
      if (fileId) await deleteFile(tx, fileId);
    }
    await auditKyc(tx, 'remove_id_document', customerId, before, null);
  });
}

/** Stores (or with `image` null removes) the front or back image of a document, masked in the browser. */
export async function replaceDocumentImage(
  db: Db,
  companyId: number,
  customerId: number,
  documentId: number,
  side: 'front' | 'back',
  image: { mime: ImageMime; data: Uint8Array; createdBy: number } | null,
): Promise<IdDocumentRow> {
  return db.transaction(async (tx) => {
    await lockedCustomer(tx, companyId, customerId);
    const document = await lockDocument(tx, companyId, customerId, documentId);
    if (!document) throw AppError.coded(404, 'NOT_FOUND', 'kyc.documentNotFound');
    const before = await rowSnapshot(tx, 'customer_id_documents', companyId, documentId);
    const fileId = image ? await insertFile(tx, { companyId, kind: 'id_document', ...image }) : null;
    const row = await setDocumentImage(tx, companyId, documentId, side, fileId);
    const old = side === 'front' ? document.frontFileId : document.backFileId;
    if (old) await deleteFile(tx, old);
    const after = await rowSnapshot(tx, 'customer_id_documents', companyId, documentId);
    await auditKyc(tx, 'id_document_image', customerId, before, after);
    if (!row) throw AppError.coded(404, 'NOT_FOUND', 'kyc.documentNotFound');
    return row;
  });
}

type KycChange =
  | { kind: 'photo'; image: { mime: ImageMime; data: Uint8Array; createdBy: number } | null }
  | { kind: 'nominee'; nominee: NomineeInput | null }
  | { kind: 'form60'; declaredOn: string | null }
  | { kind: 'id_proof_reviewed' };

const ACTIONS = {
  photo: ['upload_photo', 'remove_photo'],
  nominee: ['nominee', 'remove_nominee'],
  form60: ['form60', 'remove_form60'],
  id_proof_reviewed: ['id_proof_reviewed', 'id_proof_reviewed'],
} as const;

/** One change of the customer's own KYC columns: the photo, the nominee, Form 60, the ID proof looked at. */
export async function changeCustomerKyc(
  db: Db,
  companyId: number,
  customerId: number,
  change: KycChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const customer = await lockedCustomer(tx, companyId, customerId);
    const before = await rowSnapshot(tx, 'customers', companyId, customerId);
    let removing = false;
    switch (change.kind) {
      case 'photo': {
        const fileId = change.image
          ? await insertFile(tx, { companyId, kind: 'customer_photo', ...change.image })
          : null;
        removing = fileId === null;
        await updateKycColumns(tx, companyId, customerId, { photoFileId: fileId });
        if (customer.photoFileId) await deleteFile(tx, customer.photoFileId);
        break;
      }
      case 'nominee': {
        const n = change.nominee;
        removing = n === null;
        await updateKycColumns(tx, companyId, customerId, {
          nomineeName: n?.name ?? null,
          nomineeRelation: n?.relation ?? null,
          nomineeMobile: n?.mobile ? n.mobile : null,
        });
        break;
      }
      case 'form60':
        removing = change.declaredOn === null;
        await updateKycColumns(tx, companyId, customerId, { form60DeclaredOn: change.declaredOn });
        break;
      case 'id_proof_reviewed':
        await updateKycColumns(tx, companyId, customerId, { idProofNeedsReview: false });
        break;
    }
    const after = await rowSnapshot(tx, 'customers', companyId, customerId);
    const [added, removed] = ACTIONS[change.kind];
    await auditKyc(tx, removing ? removed : added, customerId, before, after);
  });
}

import { type CustomerInput, customerFieldsToComplete } from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { pgErrorCode } from '../../lib/app-error.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import {
  type CustomerRow,
  findCustomerByLegacyPno,
  insertCustomers,
  takeAccCodes,
} from '../customers/customers.repository.ts';
import { findMigrated } from './legacy.repository.ts';
import type { LegacyRecord } from './legacy-record.ts';

export type { CustomerRow };

/** The limits of the customer form (customerSchema), so a migrated customer can be edited and saved. */
const LIMITS = {
  customer_name: 150,
  guardian_name: 150,
  mobile_number: 20,
  alt_mobile_number: 20,
  door_no: 50,
  street: 200,
  location: 150,
  district: 100,
  pincode: 10,
} as const;
type MappedField = keyof typeof LIMITS;

const clip = (text: string, max: number) => {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : chars.slice(0, max).join('').trim();
};

/**
 * The old address is one line ("12/3, Periya Theru, Madurai - 625001"); the customer has door number,
 * street, location, district and pincode. A leading house number becomes the door number and a
 * six-digit number the pincode; the comma-separated rest is street, location(s) and district, in
 * that order, when there are that many parts.
 */
export function splitAddress(address: string): {
  door_no: string;
  street: string;
  location: string;
  district: string;
  pincode: string;
} {
  let rest = address.replace(/\s+/g, ' ').trim();
  let pincode = '';
  // Tamil Nadu and Puducherry pincodes start with 6; the last one wins ("... 625001").
  const pins = [...rest.matchAll(/(?:\b(?:pin|pincode)\s*[:.-]?\s*|[-\s]*)(?<!\d)(6\d{2} ?\d{3})(?!\d)/gi)];
  const pin = pins.at(-1);
  if (pin?.[1] !== undefined) {
    pincode = pin[1].replace(' ', '');
    rest = `${rest.slice(0, pin.index)} ${rest.slice(pin.index + pin[0].length)}`.trim();
  }
  let door_no = '';
  const door = /^(?:(?:d\.?\s*)?no\.?\s*)?(\d+[\w/-]*)\s*[,.]?\s+/i.exec(rest);
  if (door?.[1]) {
    door_no = door[1];
    rest = rest.slice(door[0].length);
  }
  const parts = rest
    .split(',')
    .map((p) => p.replace(/^[\s.-]+|[\s.-]+$/g, ''))
    .filter((p) => p !== '');
  const many = parts.length >= 3;
  const street = parts[0] ?? '';
  const location = many ? parts.slice(1, -1).join(', ') : (parts[1] ?? '');
  const district = many ? (parts.at(-1) ?? '') : '';
  return { door_no, street, location, district, pincode };
}

/**
 * The customer made from an old record: name, mobile (the phone when there is no mobile, the phone as
 * the alternate when there are both), the address split into its parts, each as the old system had it
 * (only clipped to the form's limits). A required field it did not have stays empty, never a
 * placeholder; `incomplete` lists the fields the customer form would refuse (empty, or a number not
 * in the Indian format), and the customer is flagged `needs_completion` until a clerk saves it.
 */
export function customerFromLegacy(record: LegacyRecord): {
  input: CustomerInput;
  incomplete: string[];
} {
  const mobile = record.mobile.trim();
  const phone = record.phoneno.trim();
  const address = splitAddress(record.address);
  const candidate: Record<MappedField, string> = {
    customer_name: record.name,
    guardian_name: '',
    mobile_number: mobile || phone,
    alt_mobile_number: mobile && phone && phone !== mobile ? phone : '',
    ...address,
  };
  const values = {} as Record<MappedField, string>;
  for (const field of Object.keys(LIMITS) as MappedField[])
    values[field] = clip(candidate[field], LIMITS[field]);
  const input: CustomerInput = {
    ...values,
    alt_mobile_number: values.alt_mobile_number || null,
    status: true,
  };
  return { input, incomplete: customerFieldsToComplete(values) };
}

/** Fields of a customer the form would refuse as they are (a migrated customer's to-do). */
export function incompleteFields(row: CustomerRow): string[] {
  if (!row.needsCompletion) return [];
  return customerFieldsToComplete({
    customer_name: row.customerName,
    guardian_name: row.guardianName,
    mobile_number: row.mobileNumber,
    alt_mobile_number: row.altMobileNumber,
    door_no: row.doorNo,
    street: row.street,
    location: row.location,
    district: row.district,
    pincode: row.pincode,
  });
}

async function insertMigrated(
  tx: Tx,
  companyId: number,
  createdBy: number | null,
  records: LegacyRecord[],
): Promise<CustomerRow[]> {
  if (records.length === 0) return [];
  const codes = await takeAccCodes(tx, companyId, records.length);
  return insertCustomers(
    tx,
    companyId,
    records.map((record, i) => {
      const made = customerFromLegacy(record);
      return {
        accCode: codes[i]!,
        input: made.input,
        legacyPno: record.pno,
        needsCompletion: made.incomplete.length > 0,
      };
    }),
    createdBy,
  );
}

/**
 * Makes the company's customer from one old record, or answers the one made before (idempotent).
 * The customer counter row is locked first (takeAccCodes with 0), which queues every customer creation
 * of the company behind us, so the "made before?" check cannot race another migration of the same pno;
 * the unique index (company_id, legacy_pno) is the backstop, and losing to it answers the winner's row.
 */
export async function migrateOne(
  db: Db,
  companyId: number,
  createdBy: number | null,
  record: LegacyRecord,
): Promise<{ created: boolean; customer: CustomerRow }> {
  try {
    return await db.transaction(async (tx) => {
      await takeAccCodes(tx, companyId, 0);
      const existing = await findCustomerByLegacyPno(tx, companyId, record.pno);
      if (existing) {
        await auditAlreadyMigrated(tx, companyId, existing.id);
        return { created: false, customer: existing };
      }
      const [customer] = await insertMigrated(tx, companyId, createdBy, [record]);
      const after = await rowSnapshot(tx, 'customers', companyId, customer!.id);
      await recordAudit(tx, { action: 'migrate', entity: 'customer', entityId: customer!.id, after });
      return { created: true, customer: customer! };
    });
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    return db.transaction(async (tx) => {
      const existing = await findCustomerByLegacyPno(tx, companyId, record.pno);
      if (!existing) throw err;
      await auditAlreadyMigrated(tx, companyId, existing.id);
      return { created: false, customer: existing };
    });
  }
}

/**
 * A migration asked again of a record made before changes nothing, but the request is still a write
 * that answers 2xx and leaves its one event: the customer as it stands, before and after alike.
 */
async function auditAlreadyMigrated(tx: Tx, companyId: number, id: number): Promise<void> {
  const row = await rowSnapshot(tx, 'customers', companyId, id);
  await recordAudit(tx, { action: 'migrate', entity: 'customer', entityId: id, before: row, after: row });
}

export type SkipReason = 'already_migrated' | 'not_found' | 'repeated';

export interface MigrateManyResult {
  created: CustomerRow[];
  skipped: { pno: string; reason: SkipReason; detail: string; customer_id: number | null }[];
}

/**
 * Migrate All: every listed record in one transaction (all made, or none). Numbers already migrated,
 * unknown to the old system, or listed twice are skipped with the reason.
 */
export async function migrateMany(
  db: Db,
  companyId: number,
  createdBy: number | null,
  pnos: string[],
  found: Map<string, LegacyRecord>,
): Promise<MigrateManyResult> {
  return db.transaction(async (tx) => {
    await takeAccCodes(tx, companyId, 0);
    const migrated = await findMigrated(tx, companyId, [...found.keys()]);
    const skipped: MigrateManyResult['skipped'] = [];
    const toCreate: LegacyRecord[] = [];
    const seen = new Set<string>();
    for (const pno of pnos) {
      if (seen.has(pno)) {
        skipped.push({ pno, reason: 'repeated', detail: 'Listed more than once.', customer_id: null });
        continue;
      }
      seen.add(pno);
      const record = found.get(pno);
      const already = migrated.get(pno);
      if (!record) {
        skipped.push({
          pno,
          reason: 'not_found',
          detail: 'The old system has no customer with this number.',
          customer_id: null,
        });
      } else if (already) {
        skipped.push({
          pno,
          reason: 'already_migrated',
          detail: `Already migrated as ${already.accCode}.`,
          customer_id: already.id,
        });
      } else toCreate.push(record);
    }
    const created = await insertMigrated(tx, companyId, createdBy, toCreate);
    // One event for the whole batch (up to 500 customers, so a line each rather than whole rows): who
    // was made from which old number, and what was skipped and why. A batch that made one customer is
    // filed under that customer, so its history shows where it came from.
    await recordAudit(tx, {
      action: 'migrate',
      entity: 'customer',
      entityId: created.length === 1 ? created[0]!.id : null,
      after: {
        customers: created.map((c) => ({
          id: c.id,
          acc_code: c.accCode,
          legacy_pno: c.legacyPno,
          customer_name: c.customerName,
          needs_completion: c.needsCompletion,
        })),
        skipped: skipped.map((k) => ({ pno: k.pno, reason: k.reason, customer_id: k.customer_id })),
      },
    });
    return { created, skipped };
  });
}

import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes; PGlite hands back a Uint8Array and node-postgres a Buffer (a Uint8Array too). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

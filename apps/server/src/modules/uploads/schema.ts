import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Images members upload (deposit receipts, proof that a withdrawal did not arrive, later
 * promotion applications). Kept in the database so every API node serves the same file.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    ownerId: text('owner_id').notNull(),
    contentType: text('content_type').$type<'image/png' | 'image/jpeg'>().notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    /** What it was attached to ("deposit:<id>", "withdrawal:<id>"); null while unattached. */
    attachedTo: text('attached_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId, t.createdAt)],
);

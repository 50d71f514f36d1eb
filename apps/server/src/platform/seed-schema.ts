import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which versioned seeds have been applied to this database. */
export const seedVersions = pgTable('seed_versions', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

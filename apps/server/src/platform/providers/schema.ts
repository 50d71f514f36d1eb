import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the sandbox providers (SMS, e-mail) would have sent. In development and tests this is
 * the delivery: a person or a test reads an SMS code here.
 */
export const providerOutbox = pgTable(
  'provider_outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel').$type<'sms' | 'email' | 'captcha'>().notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_outbox_destination_idx').on(t.destination, t.createdAt)],
);

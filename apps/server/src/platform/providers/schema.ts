import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the sandbox providers (SMS, e-mail) would have sent. In development and tests this is
 * the delivery: a person or a test reads an SMS code here.
 */
export const providerOutbox = pgTable(
  'provider_outbox',
  {
    id: text('id').primaryKey(),
    /** `lottery_result`/`lottery_request`: what the sandbox lottery results feed holds and was asked. */
    channel: text('channel')
      .$type<'sms' | 'email' | 'captcha' | 'lottery_result' | 'lottery_request'>()
      .notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_outbox_destination_idx').on(t.destination, t.createdAt)],
);

/**
 * The sandbox game vendor's own books: what it has accepted into and paid out of each player's
 * wallet at the vendor. A transfer id is applied at most once, as a real vendor promises.
 */
export const sandboxVendorTransfers = pgTable(
  'sandbox_vendor_transfers',
  {
    transferId: text('transfer_id').primaryKey(),
    vendorCode: text('vendor_code').notNull(),
    playerId: text('player_id').notNull(),
    /** Signed minor units: positive into the vendor wallet, negative out of it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_vendor_transfers_player_idx').on(t.vendorCode, t.playerId)],
);

// Every table of every module, for Drizzle's typed queries and for drizzle-kit's generator.
export * from '../platform/auth/schema';
export * from '../platform/seed-schema';
export * from '../modules/system/schema';
export * from '../platform/providers/schema';
export * from '../modules/identity/schema';
export * from '../platform/sealed-schema';
export * from '../modules/wallet/schema';
export * from '../modules/cashier/schema';
export * from '../modules/uploads/schema';
export * from '../modules/games/schema';
export * from '../modules/jackpot/schema';
export * from '../modules/agents/schema';
export * from '../modules/content/schema';
export * from '../modules/support/schema';
export * from '../modules/points/schema';
export * from '../modules/vip/schema';
export * from '../modules/promotions/schema';

/**
 * Read-only joins across modules' tables, for reports and the folds that summarise other modules'
 * facts (team reports, profit and loss, winners, settled-bet totals). This module may read any
 * module's schema and writes nothing; each file serves one reader.
 */
export * from './agents';
export * from './dashboard';
export * from './module';
export * from './agent-nodes';
export * from './missions';
export * from './points';
export * from './promotions';
export * from './referral';
export * from './vip';
export * from './players';

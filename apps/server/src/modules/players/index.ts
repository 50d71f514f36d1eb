import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { Adjustments } from './adjustments';
import { Approvals } from './approvals';
import { registerPlayerRoutes } from './routes';
import { PlayerRecords } from './service';

export { Approvals, type ApprovalExecutor } from './approvals';
export { defaultAdjustApprovalAbove } from './service';

export interface PlayerServices {
  /** Four-eyes approvals: other modules register a kind and file requests of it. */
  approvals: Approvals;
}

/** Operators' player management: search, the 360° view, actions and four-eyes approvals. */
export const playersModule = defineModule<Services>()({
  name: 'players',
  build: ({ database, services }) => {
    const records = new PlayerRecords(database.db);
    const approvals = new Approvals(database.db);
    const adjustments = new Adjustments(
      database.db,
      services.wallet,
      services.system,
      records,
      approvals,
    );
    return { services: { approvals }, records, adjustments };
  },
  routes: (app, { services: { approvals }, records, adjustments }, { database, services }) =>
    registerPlayerRoutes(app, {
      db: database.db,
      identity: services.identity,
      promotions: services.promotions,
      records,
      approvals,
      adjustments,
    }),
});

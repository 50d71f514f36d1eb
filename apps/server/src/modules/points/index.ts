import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerPointsRoutes } from './routes';
import { PointsService } from './service';

export { PointsService } from './service';

export interface PointServices {
  points: PointsService;
}

/** Points from settled bets, rewards, redemptions and conversion. */
export const pointsModule = defineModule<Services>()({
  name: 'points',
  build: ({ database, services }) => ({
    services: {
      points: new PointsService(database.db, services.system, services.wallet, services.identity),
    },
  }),
  routes: (app, { services }) => registerPointsRoutes(app, services.points),
  jobs: ({ services }) => [
    {
      name: 'points.earn',
      cron: '* * * * *',
      run: async () => {
        const r = await services.points.earnDue();
        return { bets: r.bets, points: r.points.toString() };
      },
    },
  ],
});

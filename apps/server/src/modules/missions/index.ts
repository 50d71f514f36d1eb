import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { maskName } from '../games';
import { registerMissionRoutes } from './routes';
import { MissionsService } from './service';

export { MissionsService } from './service';

export interface MissionServices {
  missions: MissionsService;
}

/** Daily and weekly missions, their rewards, and the period leaderboard. */
export const missionsModule = defineModule<Services>()({
  name: 'missions',
  build: ({ database, services }) => ({
    services: {
      missions: new MissionsService(database.db, services.system, services.wallet, maskName),
    },
  }),
  routes: (app, { services }) => registerMissionRoutes(app, services.missions),
});

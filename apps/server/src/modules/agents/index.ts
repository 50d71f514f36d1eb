import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerAgentOpsRoutes } from './ops-routes';
import { registerAgentRoutes } from './routes';
import { AgentsService } from './service';

export { AgentsService } from './service';

export interface AgentServices {
  agents: AgentsService;
}

/** The downline tree, contracts and their life cycle, settlement jobs and team reports. */
export const agentsModule = defineModule<Services>()({
  name: 'agents',
  build: ({ database, services }) => ({
    services: {
      agents: new AgentsService(
        database.db,
        services.system,
        services.wallet,
        services.identity,
        async (merchantCode) => {
          const catalog = await services.games.catalog(merchantCode);
          return new Map([...catalog.byId].map(([id, game]) => [id, game.name]));
        },
      ),
    },
  }),
  routes: (app, { services }, { services: all }) => {
    registerAgentRoutes(app, services.agents, {
      pointsDetail: (member, query) => all.points.detail(member, query),
    });
    registerAgentOpsRoutes(app, services.agents);
  },
  jobs: ({ services }) => [
    {
      name: 'agents.rollup-teams',
      cron: '* * * * *',
      run: async () => ({ windows: await services.agents.rollupDue() }),
    },
    {
      name: 'agents.settle-contracts',
      cron: '* * * * *',
      run: async () => {
        const r = await services.agents.settleDue();
        return { windows: r.windows, paid: r.paid.toString() };
      },
    },
  ],
});

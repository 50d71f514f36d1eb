import { defineModule } from '../../../../platform/module';
import type { Services } from '../../../../services';
import { vipLevelOf } from '../../model';
import { registerRedEnvelopeRoutes } from './routes';
import { RedEnvelopesService } from './service';

export { RedEnvelopesService } from './service';

export interface RedEnvelopeServices {
  redEnvelopes: RedEnvelopesService;
}

/** Red-envelope rain: daily windows, random envelopes from a promotion's pool. */
export const redEnvelopesModule = defineModule<Services>()({
  name: 'red-envelopes',
  build: ({ database, services }) => ({
    services: {
      redEnvelopes: new RedEnvelopesService(
        database.db,
        services.system,
        services.promotions,
        vipLevelOf(services),
      ),
    },
  }),
  routes: (app, { services }) => registerRedEnvelopeRoutes(app, services.redEnvelopes),
});

import { opsDashboardQuerySchema, opsDashboardSchema } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import { defineModule } from '../../platform/module';
import { requireMerchantScope } from '../../platform/principal';
import type { Services } from '../../services';
import { merchantDashboard } from './dashboard';

/** The reports that have routes of their own: the operator console's dashboard. */
export const reportsModule = defineModule<Services>()({
  name: 'reports',
  build: () => ({ services: {} }),
  routes: (app, _own, { database, services }) => {
    addRoute(app, {
      method: 'GET',
      url: '/ops/dashboard',
      access: ['operator'],
      permission: 'cashier.deposits.read',
      query: opsDashboardQuerySchema,
      response: opsDashboardSchema,
      handler: async ({ query, principal }) => {
        const code = query.merchantCode ?? principal!.merchantCode;
        requireMerchantScope(principal, code);
        const merchant = await services.system.merchantFor(code, undefined);
        if (merchant.merchantCode !== code) throw new AppError('not_found', 'No such merchant');
        return merchantDashboard(database.db, merchant, query.range);
      },
    });
  },
});

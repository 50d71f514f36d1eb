import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerSystemRoutes } from './routes';
import { SystemService } from './service';
import { SystemSettings } from './settings';
import { registerSystemSettingsRoutes } from './settings-routes';
import { SystemSettingsStore } from './settings-store';
import { SystemStore } from './store';

export { SystemService } from './service';
export { SystemSettings } from './settings';
export { merchantCodes, demoMinor } from './seed';
export { merchantsSpeaking } from './merchant-languages';
export { seedSiteResource, seedWhitelabelFlag } from './seed-rows';

export interface SystemServices {
  system: SystemService;
  /** The console's System settings; each write refreshes `system`'s snapshot on this node. */
  systemSettings: SystemSettings;
}

/** Merchants, regions, brand, whitelabel flags, resources, maintenance, region restrictions. */
export const systemModule = defineModule<Services>()({
  name: 'system',
  build: ({ database, services }) => {
    const system = new SystemService(new SystemStore(database.db));
    system.shareChanges(services.bus);
    const systemSettings = new SystemSettings(new SystemSettingsStore(database.db), () =>
      system.invalidate(),
    );
    return { services: { system, systemSettings } };
  },
  routes: (app, { services }, { config }) => {
    registerSystemRoutes(app, services.system, { geoCountryHeader: config.geoCountryHeader });
    registerSystemSettingsRoutes(app, services.systemSettings);
  },
});
export { addMissingFieldRules, type FieldRuleSeed } from './field-rules-seed';

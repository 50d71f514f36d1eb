import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerUploadRoutes } from './routes';
import { UploadService } from './service';

export { UploadService } from './service';

export interface UploadServices {
  uploads: UploadService;
}

/** Receipt and proof images. */
export const uploadsModule = defineModule<Services>()({
  name: 'uploads',
  build: ({ database }) => ({ services: { uploads: new UploadService(database.db) } }),
  routes: (app, { services }) => registerUploadRoutes(app, services.uploads),
});

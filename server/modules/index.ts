import type { AppModule } from '../context';
import { adminModule } from './admin';
import { analyticsModule } from './analytics';
import { auditModule } from './audit';
import { authModule } from './auth';
import { badgesModule } from './badges';
import { catalogModule } from './catalog';
import { checkInModule } from './checkin';
import { dataExportModule } from './data-export';
import { eventSocialModule } from './event-social';
import { eventsModule } from './events';
import { fieldsModule } from './fields';
import { galleryModule } from './gallery';
import { garageModule } from './garage';
import { gearModule } from './gear';
import { imageProxyModule } from './image-proxy';
import { moderationModule } from './moderation';
import { newsModule } from './news';
import { notificationsModule } from './notifications';
import { placesModule } from './places';
import { postsModule } from './posts';
import { profilesModule } from './profiles';
import { reportsModule } from './reports/module';
import { ridesModule } from './rides';
import { savedSearchesModule } from './saved-searches';
import { searchModule } from './search';
import { storesModule } from './stores';
import { teamsModule } from './teams';
import { tutorialsModule } from './tutorials';
import { uploadsModule } from './uploads';

/**
 * Every area of the server, in one list: adding an area is a folder under modules/ with an
 * index.ts exporting its AppModule, and one line here. Each area's routes are registered in an
 * encapsulated Fastify scope of their own; its admin routes in the one admin scope.
 */
export const MODULES: readonly AppModule[] = [
  imageProxyModule,
  authModule,
  profilesModule,
  uploadsModule,
  postsModule,
  moderationModule,
  adminModule,
  eventsModule,
  newsModule,
  tutorialsModule,
  catalogModule,
  storesModule,
  teamsModule,
  gearModule,
  fieldsModule,
  badgesModule,
  analyticsModule,
  searchModule,
  notificationsModule,
  reportsModule,
  auditModule,
  dataExportModule,
  checkInModule,
  garageModule,
  ridesModule,
  galleryModule,
  eventSocialModule,
  placesModule,
  savedSearchesModule,
];

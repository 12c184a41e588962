export * from './auth';
export * from './common';
export * from './constants';
export { z } from './messages';
export * from './moderation';
export * from './posts';
export * from './profiles';
export * from './texts';
export * from './uploads';

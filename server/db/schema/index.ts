export * from './analytics';
export * from './catalog';
export * from './content';
export * from './events';
export * from './gear';
export * from './posts';
export * from './teams';
export * from './users';

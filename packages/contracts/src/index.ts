export * from './auth';
export * from './envelope';
export * from './errors';
export * from './headers';
export * from './identity';
export * from './languages';
export * from './registration';
export * from './system';

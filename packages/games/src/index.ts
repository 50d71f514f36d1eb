export * from './slots/types';
export * from './slots/evaluate';
export * from './slots/fortune';

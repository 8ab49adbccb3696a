export * from './catalog';
export * from './accounts';
export * from './membership';
export * from './mail';
export * from './newsletter';
export * from './payments';
export * from './settings';
export * from './cart';

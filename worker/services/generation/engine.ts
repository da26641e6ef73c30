// The images port lives with its adapters: worker/adapters/images/port.ts.
export * from '../../adapters/images/port';

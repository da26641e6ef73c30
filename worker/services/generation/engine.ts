// The images port lives with its adapters (issue 18): worker/adapters/images/port.ts.
export * from '../../adapters/images/port';

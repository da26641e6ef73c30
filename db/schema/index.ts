export * from './users';
export * from './credits';
export * from './payments';
export * from './referrals';
export * from './creations';
export * from './limits';
export * from './account-data';
export * from './sharing';

/** Where an invitation's referral code waits (localStorage) until the invited person signs up. */
export const REFERRAL_KEY = 'referralCode';

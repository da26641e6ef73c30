import { ServiceError } from '../../contract/errors';

/**
 * A deleted account keeps its row (the ledger and orders point at it) under an address of the
 * reserved `.invalid` top-level domain, which no mailbox can have (RFC 6761). Nothing may sign into,
 * register, reset, verify or mail such an address: that is how a deleted account stays deleted.
 */
export const deletedEmail = (userId: string) => `${userId}@deleted.invalid`;

/** True for any address under `.invalid`: the anonymised addresses of deleted accounts, and any other that cannot receive mail. */
export function isUnmailableAddress(email: string): boolean {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.+$/, '');
  return domain === 'invalid' || domain.endsWith('.invalid');
}

export function refuseUnmailableAddress(email: string, field = 'email'): void {
  if (isUnmailableAddress(email)) throw new ServiceError('VALIDATION_FAILED', 'emailUnmailable', { field });
}

/** The answer for a token or request that names a deleted account, whatever it carries. */
export const accountGone = () => new ServiceError('UNAUTHENTICATED', 'authFailed');

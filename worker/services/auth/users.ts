import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@db/client';
import type { UserProfile } from '../../contract/responses/auth';
import { ServiceError } from '../../contract/errors';
import type { Locale } from '../../contract/locales';
import { newId } from '../../lib/ids';
import { readSystemConfig } from '../config/system-config';
import { applyMovement } from '../credits/ledger';
import { payRegistrationReward } from '../referrals/referrals';
import { accountGone, refuseUnmailableAddress } from './deleted-accounts';

type UserRow = typeof schema.users.$inferSelect;
type Provider = UserRow['authProvider'];

export function toUserProfile(
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'emailVerified' | 'authProvider' | 'avatarUrl' | 'role' | 'createdAt'>,
): UserProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    authProvider: user.authProvider,
    provider: user.authProvider,
    avatar: user.avatarUrl,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A readable default name from the e-mail's local part, kept within the username rule (2–50). */
export function defaultNameFor(email: string): string {
  const local = email
    .split('@')[0]!
    .replace(/[._+-]+/g, ' ')
    .trim();
  const name = local.length >= 2 ? local : `${local || 'user'} studio`;
  return name.slice(0, 50);
}

/** A name from a provider (Google's `name`) if it fits the username rule (2–50), else one from the e-mail. */
function initialName(email: string, name: string | undefined): string {
  const trimmed = name?.trim().slice(0, 50).trim() ?? '';
  return trimmed.length >= 2 ? trimmed : defaultNameFor(email);
}

/**
 * The new-user bonus as a ledger row, in the caller's transaction. Every way an account's mailbox
 * gets proven (created by e-mail code or Google, or a password account verified later) calls this
 * one function; the movement key makes it once per user. Returns the amount granted now.
 */
export async function grantNewUserBonus(tx: Tx, userId: string): Promise<number> {
  const bonus = await readSystemConfig(tx, 'newUserBonus');
  if (bonus <= 0) return 0;
  const result = await applyMovement(tx, {
    userId,
    movementKey: `new_user:${userId}`,
    type: 'new_user',
    referenceType: 'BONUS',
    referenceId: userId,
    reason: 'SIGN_UP_BONUS',
    reasonParams: {},
    parts: { free: bonus },
  });
  return result.applied ? bonus : 0;
}

/**
 * What a password account was waiting for, paid in the transaction that marks its e-mail verified:
 * its own new-user bonus and its inviter's registration reward (docs/decisions/008). Both are keyed
 * ledger movements, so replaying a verification pays nothing more.
 */
export async function grantVerifiedEmailRewards(tx: Tx, userId: string): Promise<{ newUserBonus: number; inviterReward: number }> {
  return { newUserBonus: await grantNewUserBonus(tx, userId), inviterReward: await payRegistrationReward(tx, userId) };
}

async function touchIdentity(tx: Tx, userId: string, provider: Provider, subject: string) {
  await tx
    .insert(schema.authIdentities)
    .values({ id: newId('aid'), userId, provider, subject, lastUsedAt: new Date() })
    .onConflictDoUpdate({
      target: [schema.authIdentities.provider, schema.authIdentities.subject],
      set: { lastUsedAt: new Date() },
    });
}

/**
 * Finds the account for an e-mail the caller has just proven (code, Google with email_verified), or
 * creates it together with its identity, credit account and the new-user bonus ledger row, all in
 * the caller's transaction. Accounts link by verified e-mail only.
 *
 * Pre-registration takeover defence: anyone can register a password account for an address they do
 * not own. When the mailbox owner later proves the address, that password is removed (with its
 * identity), and the auth middleware ends the password sessions issued before (`uev` tokens), so
 * whoever typed the address first cannot keep a way into the owner's account.
 */
export async function findOrCreateVerifiedUser(
  tx: Tx,
  input: { email: string; provider: Provider; subject: string; name?: string; locale?: Locale },
): Promise<{ user: UserRow; created: boolean }> {
  refuseUnmailableAddress(input.email);
  const [inserted] = await tx
    .insert(schema.users)
    .values({
      id: newId('usr'),
      email: input.email,
      name: initialName(input.email, input.name),
      emailVerified: true,
      authProvider: input.provider,
      ...(input.locale ? { locale: input.locale } : {}),
    })
    .onConflictDoNothing({ target: schema.users.email })
    .returning();

  let user = inserted;
  if (!user) {
    [user] = await tx.select().from(schema.users).where(eq(schema.users.email, input.email)).for('update');
    if (user!.deletedAt) throw accountGone();
    if (!user!.emailVerified) {
      [user] = await tx
        .update(schema.users)
        .set({ emailVerified: true, passwordHash: null, updatedAt: new Date() })
        .where(eq(schema.users.id, user!.id))
        .returning();
      await tx
        .delete(schema.authIdentities)
        .where(and(eq(schema.authIdentities.userId, user!.id), eq(schema.authIdentities.provider, 'password')));
      // The mailbox is proven now: pay what the unverified account was waiting for.
      await grantVerifiedEmailRewards(tx, user!.id);
    }
  }

  // The page's language at sign-in is the account's language from now on (its e-mails are in it).
  if (!inserted && input.locale && user!.locale !== input.locale)
    [user] = await tx.update(schema.users).set({ locale: input.locale }).where(eq(schema.users.id, user!.id)).returning();
  await touchIdentity(tx, user!.id, input.provider, input.subject);
  if (inserted) await grantNewUserBonus(tx, inserted.id);
  return { user: user!, created: Boolean(inserted) };
}

/**
 * Creates a password account (e-mail not verified) with its identity, in the caller's transaction.
 * No new-user bonus yet: it is paid when the e-mail is verified (docs/decisions/008). An e-mail that
 * already has an account is a 409, also when two registrations race (the unique index decides).
 */
export async function createPasswordUser(
  tx: Tx,
  input: { email: string; name: string; passwordHash: string; locale?: Locale },
): Promise<UserRow> {
  refuseUnmailableAddress(input.email);
  const [user] = await tx
    .insert(schema.users)
    .values({
      id: newId('usr'),
      email: input.email,
      name: input.name,
      emailVerified: false,
      authProvider: 'password',
      passwordHash: input.passwordHash,
      ...(input.locale ? { locale: input.locale } : {}),
    })
    .onConflictDoNothing({ target: schema.users.email })
    .returning();
  if (!user) throw new ServiceError('CONFLICT', 'emailTaken', { field: 'email' });
  await touchIdentity(tx, user.id, 'password', input.email);
  return user;
}

export async function getProfile(db: Db, userId: string): Promise<UserProfile> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user || user.deletedAt) throw new ServiceError('NOT_FOUND', 'userNotFound');
  return toUserProfile(user);
}

export async function updateProfile(db: Db, userId: string, input: { name: string }): Promise<UserProfile> {
  const [current] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!current || current.deletedAt) throw new ServiceError('NOT_FOUND', 'userNotFound');
  if (current.name === input.name) throw new ServiceError('NO_CHANGES', 'noChanges', { field: 'name' });
  const [updated] = await db
    .update(schema.users)
    .set({ name: input.name, updatedAt: new Date() })
    .where(and(eq(schema.users.id, userId), isNull(schema.users.deletedAt)))
    .returning();
  if (!updated) throw new ServiceError('NOT_FOUND', 'userNotFound');
  return toUserProfile(updated);
}

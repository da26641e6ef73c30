import { eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '../../../db/client';
import type { UserProfile } from '../../contract/auth';
import { ServiceError } from '../../contract/errors';
import { newId } from '../../lib/ids';
import { readSystemConfig } from '../config/system-config';
import { applyMovement } from '../credits/ledger';

type UserRow = typeof schema.users.$inferSelect;
type Provider = UserRow['authProvider'];

export function toUserProfile(user: UserRow): UserProfile {
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
  const local = email.split('@')[0]!.replace(/[._+-]+/g, ' ').trim();
  const name = local.length >= 2 ? local : `${local || 'user'} studio`;
  return name.slice(0, 50);
}

/**
 * Finds the account for an e-mail the caller has just proven (code, Google with email_verified), or
 * creates it together with its identity, credit account and the new-user bonus ledger row, all in
 * the caller's transaction. Accounts link by verified e-mail only.
 */
export async function findOrCreateVerifiedUser(
  tx: Tx,
  input: { email: string; provider: Provider; subject: string; name?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const [inserted] = await tx
    .insert(schema.users)
    .values({
      id: newId('usr'),
      email: input.email,
      name: input.name?.trim().slice(0, 50) || defaultNameFor(input.email),
      emailVerified: true,
      authProvider: input.provider,
    })
    .onConflictDoNothing({ target: schema.users.email })
    .returning();

  let user = inserted;
  if (!user) {
    [user] = await tx.select().from(schema.users).where(eq(schema.users.email, input.email));
    if (!user!.emailVerified) {
      [user] = await tx.update(schema.users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(schema.users.id, user!.id)).returning();
    }
  }

  await tx
    .insert(schema.authIdentities)
    .values({ id: newId('aid'), userId: user!.id, provider: input.provider, subject: input.subject, lastUsedAt: new Date() })
    .onConflictDoUpdate({
      target: [schema.authIdentities.provider, schema.authIdentities.subject],
      set: { lastUsedAt: new Date() },
    });

  if (inserted) {
    const bonus = await readSystemConfig(tx, 'newUserBonus');
    if (bonus > 0) {
      await applyMovement(tx, {
        userId: inserted.id,
        movementKey: `new_user:${inserted.id}`,
        type: 'new_user',
        referenceType: 'BONUS',
        referenceId: inserted.id,
        description: 'Welcome bonus for new users',
        parts: { free: bonus },
      });
    }
  }
  return { user: user!, created: Boolean(inserted) };
}

export async function getProfile(db: Db, userId: string): Promise<UserProfile> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw new ServiceError('NOT_FOUND', 'User not found');
  return toUserProfile(user);
}

export async function updateProfile(db: Db, userId: string, input: { name: string }): Promise<UserProfile> {
  const [current] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!current) throw new ServiceError('NOT_FOUND', 'User not found');
  if (current.name === input.name) throw new ServiceError('NO_CHANGES', 'No changes detected', { field: 'name' });
  const [updated] = await db.update(schema.users).set({ name: input.name, updatedAt: new Date() }).where(eq(schema.users.id, userId)).returning();
  return toUserProfile(updated!);
}

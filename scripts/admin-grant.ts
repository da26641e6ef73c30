/** `npm run admin:grant -- <email>`: gives an existing account the admin role (DATABASE_URL or embedded PGlite). */
import { eq } from 'drizzle-orm';
import { schema } from '@db/client';
import { openScriptDatabase } from './lib/script-database';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('usage: npm run admin:grant -- <email>');
  process.exit(1);
}
const url = process.env.DATABASE_URL;
const { db, close } = await openScriptDatabase(url);
const [user] = await db
  .update(schema.users)
  .set({ role: 'admin', updatedAt: new Date() })
  .where(eq(schema.users.email, email))
  .returning({ id: schema.users.id });
await close();
if (!user) {
  console.error(`No account for ${email}: sign in once first.`);
  process.exit(1);
}
console.log(`${email} (${user.id}) is now an admin.`);

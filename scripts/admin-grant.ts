/** `npm run admin:grant -- <email>`: gives an existing account the admin role (DATABASE_URL or embedded PGlite). */
import { eq } from 'drizzle-orm';
import { resolve } from 'node:path';
import { schema } from '@db/client';
import { openNodePostgres } from '@worker/adapters/db/node-postgres';
import { DataDirInUseError, openPglite } from '@worker/adapters/db/pglite';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('usage: npm run admin:grant -- <email>');
  process.exit(1);
}
const url = process.env.DATABASE_URL;
// A running `npm start` owns the embedded database: refuse with one line rather than write beside it.
const { db, close } = url
  ? openNodePostgres(url)
  : await openPglite(resolve(process.env.DATA_DIR || '.data', 'pglite')).catch((error: unknown) => {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(error.message);
      process.exit(1);
    });
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

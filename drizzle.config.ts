import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: process.env.DRIZZLE_OUT ?? './migrations',
  casing: 'snake_case',
});

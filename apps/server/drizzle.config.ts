import { defineConfig } from 'drizzle-kit';

/** Used only to draft new migrations (`npm run db:generate -w apps/server`); review and rename the output. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle-draft',
});

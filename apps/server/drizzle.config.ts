import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: migrations are SQL files applied by the server at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./apps/server/src/db/schema/index.ts",
  out: "./apps/server/src/db/migrations",
});

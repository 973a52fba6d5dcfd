import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { getRequestOrigin, type RequestOrigin, recordAuditEvent } from "../audit/service.ts";

export interface AuthDependencies {
  db: AppDatabase;
  config: AppConfig;
  now: Date;
  origin: RequestOrigin;
}

/** What every account operation of one request needs: the database, settings, its time and origin. */
export function getAuthDependencies(app: FastifyInstance, request: FastifyRequest): AuthDependencies {
  return { db: app.database.db, config: app.config, now: app.clock(), origin: getRequestOrigin(request) };
}

/** Audits a refused guess: which limit refused it (by its key's kind, never the key itself). */
export async function recordLockout(app: FastifyInstance, request: FastifyRequest, check: { key: string }) {
  await recordAuditEvent(app.database.db, getRequestOrigin(request), "locked", null, {
    key: check.key.split(":")[0] ?? "",
  });
}

import type { DocsFeedback } from "@precis/contract/docs";
import type { AppDatabase } from "../../db/client.ts";
import { docsFeedback } from "../../db/schema/index.ts";

/** Stores one answer; an empty comment is the same as none. */
export async function recordDocsFeedback(db: AppDatabase, feedback: DocsFeedback, now: Date) {
  await db.insert(docsFeedback).values({
    page: feedback.page,
    isHelpful: feedback.helpful,
    comment: feedback.comment || null,
    language: feedback.language ?? null,
    createdAt: now,
  });
}

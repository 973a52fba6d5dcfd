import type { MemoOrderingNode, MemoVisibilityFlag } from "@precis/contract/memo-options";
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns.ts";

/**
 * Memo option sets (product §3): the extension reads the selected one to shape every memo.
 * The five choices are columns; the fourteen visibility flags and the section order are JSON,
 * validated by the shared schema before they are written.
 */
export const memoOptionSets = pgTable(
  "memo_option_sets",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    name: text("name").notNull(),
    memoSummary: text("memo_summary").notNull(),
    memoFactsLength: text("memo_facts_length").notNull(),
    memoFactsPresentation: text("memo_facts_presentation").notNull(),
    memoTone: text("memo_tone").notNull(),
    memoLang: text("memo_lang").notNull(),
    visibility: jsonb("visibility").$type<Record<MemoVisibilityFlag, boolean>>().notNull(),
    memoOrdering: jsonb("memo_ordering").$type<MemoOrderingNode[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the user last chose this preset for the extension: the selected preset is the one chosen last, so
     * choosing is one UPDATE of the chosen row (ownership in its WHERE, no second row to clear), and deleting
     * the selected preset hands the selection back to the one chosen before it. Null: never chosen.
     */
    selectedAt: timestamp("selected_at", { withTimezone: true }),
  },
  // (user_id, id), not user_id alone: a save reads the user's other sets by this index in id order, a plain
  // index scan, which marks the dead versions that repeated saves of one set leave as dead in the index. On
  // user_id alone PostgreSQL chose a bitmap scan, which never does, and visited every dead version on every
  // save: after some thousands of saves of one set, saves ran at a third of a plain UPDATE's rate (decision 011).
  (table) => [index("memo_option_sets_user_id_id_idx").on(table.userId, table.id)],
);

import { TOPICS_PER_COLUMN, type Topic, topicsOfInterest } from "@precis/contract/profile";

/**
 * The 44 topics as the reader reads them (issue 58): sorted by their labels in the reader's language's collation
 * (`Intl.Collator`), in columns of SPEC's 11, down each column first. Kept in English's order, the French labels
 * read as random. Only the display moves: the stored values and the order they are saved in stay SPEC's.
 */
export function getTopicColumns(labelOf: (topic: Topic) => string, language: string): Topic[][] {
  const collator = new Intl.Collator(language);
  const sorted = [...topicsOfInterest].sort((one, other) => collator.compare(labelOf(one), labelOf(other)));
  return Array.from({ length: Math.ceil(sorted.length / TOPICS_PER_COLUMN) }, (_, column) =>
    sorted.slice(column * TOPICS_PER_COLUMN, (column + 1) * TOPICS_PER_COLUMN),
  );
}

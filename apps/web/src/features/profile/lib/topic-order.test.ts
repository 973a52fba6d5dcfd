import { TOPICS_PER_COLUMN, type Topic, topicsOfInterest } from "@precis/contract/profile";
import { describe, expect, it } from "vitest";
import en from "@/i18n/en/profile.json";
import fr from "@/i18n/fr/profile.json";
import { getTopicColumns } from "./topic-order";

const labelsIn = (catalogue: typeof en) => (topic: Topic) => catalogue.topics[topic];

describe("the topics of interest, as the reader reads them", () => {
  it("are sorted by their French labels in French's collation, accents read as letters", () => {
    const labelOf = labelsIn(fr);
    const columns = getTopicColumns(labelOf, "fr");
    const labels = columns.flat().map(labelOf);
    expect(labels).toEqual([...labels].sort(new Intl.Collator("fr").compare));
    // "Accès…" opens the list, as in a French index: an accented letter sorts with its plain one.
    expect(labels[0]).toBe("Accès à l’information et protection des renseignements personnels");
    expect(labels.indexOf("Affaires")).toBeLessThan(labels.indexOf("Appel"));
    // Not English's order, which reads as random in French.
    expect(columns.flat()).not.toEqual([...topicsOfInterest]);
  });

  it("are sorted by their English labels in English, which is SPEC's order", () => {
    expect(getTopicColumns(labelsIn(en), "en").flat()).toEqual([...topicsOfInterest]);
  });

  it("keep the 44 stored values, once each, in columns of 11", () => {
    for (const [catalogue, language] of [
      [en, "en"],
      [fr, "fr"],
    ] as const) {
      const columns = getTopicColumns(labelsIn(catalogue), language);
      expect(columns.map((column) => column.length)).toEqual([11, 11, 11, 11]);
      expect(columns.every((column) => column.length === TOPICS_PER_COLUMN)).toBe(true);
      expect([...columns.flat()].sort()).toEqual([...topicsOfInterest].sort());
    }
  });
});

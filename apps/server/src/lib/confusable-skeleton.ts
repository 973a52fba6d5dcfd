import unhomoglyph from "unhomoglyph";

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * What a text looks like: Unicode's confusable skeleton (UTS #39: decomposed, characters that draw nothing
 * removed, each character mapped to its prototype with the confusables data of the unhomoglyph package,
 * decomposed again), then lower-cased, for names that are unique whatever their case. "аlice" (Cyrillic а),
 * "alice" and "ALICE" share one; so do "rn" and "m", which look alike too. Usernames and firm names are unique
 * by it.
 */
export const confusableSkeleton = (text: string) =>
  unhomoglyph(text.normalize("NFD").replace(DEFAULT_IGNORABLE, "")).normalize("NFD").toLowerCase();

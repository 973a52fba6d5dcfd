import { z } from "zod/mini";
import {
  FORBIDDEN_CHARACTERS_MESSAGE,
  hasForbiddenCharacters,
  hasInvisibleCharacters,
  INVISIBLE_CHARACTERS_MESSAGE,
} from "./account-rules.ts";

/**
 * A one-line text field as every form and the server take it: trimmed, in Unicode's composed form (NFC, so
 * "é" typed two ways is one name), at most `max` characters, and without controls, lone surrogates or
 * direction overrides.
 */
export const plainTextSchema = (max: number) =>
  z.string().check(
    z.normalize("NFC"),
    z.trim(),
    z.maxLength(max),
    z.refine((text) => !hasForbiddenCharacters(text), FORBIDDEN_CHARACTERS_MESSAGE),
  );

/** The same for text of several lines: line breaks and tabs are kept. */
export const multilineTextSchema = (max: number, maxMessage?: string) =>
  z.string().check(
    z.normalize("NFC"),
    z.trim(),
    z.maxLength(max, maxMessage),
    z.refine((text) => !hasForbiddenCharacters(text, { isMultiline: true }), FORBIDDEN_CHARACTERS_MESSAGE),
  );

/** A check for a name or a code (a firm's, a person's, a passkey's, a client-matter code): nothing invisible in it. */
export const withoutInvisibleCharacters = () =>
  z.refine<string>((text) => !hasInvisibleCharacters(text), INVISIBLE_CHARACTERS_MESSAGE);

/** A one-line name (a firm's, a person's, a passkey's): plain text with nothing invisible in it. */
export const nameTextSchema = (max: number) => plainTextSchema(max).check(withoutInvisibleCharacters());

// Kept apart from resources.ts, which imports every catalogue: code that needs only these names
// must not pull all the texts of both languages into its chunk.
export const supportedLanguages = ["en", "fr"] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

export const defaultNamespace = "common";

import type { DocsPlaceholderValues } from "../types/docs-content";

/** Replaces `{{name}}` with the configured value; the build has already refused unknown names. */
export function fillPlaceholders(text: string, values: DocsPlaceholderValues): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? values[name as keyof DocsPlaceholderValues] : placeholder,
  );
}

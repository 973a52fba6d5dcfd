/*
 * The SCIM filters Precis answers (RFC 7644 §3.4.2.2), and only those: the equality matches Okta and Entra use to
 * find a person or a group before they create one, joined by `and`. Anything else is refused as `invalidFilter`
 * rather than half-understood, since a filter read wrongly makes an identity provider create a second account.
 * The parser walks the text once with a cursor: no regular expression runs over the whole input and nothing
 * recurses, so its time is linear in the text, which is bounded anyway.
 */
import { refuse, type ScimRefusal } from "./errors.ts";

/** Longer filters are refused unread: the longest real one is an address or a GUID in quotes. */
export const MAX_FILTER_LENGTH = 2048;
/** Comparisons joined by `and`; an identity provider sends one, or two. */
export const MAX_FILTER_COMPARISONS = 8;

export type ScimResourceType = "User" | "Group";

/** What a comparison can test. Both email forms name the one work address Precis keeps. */
export type UserFilterAttribute = "id" | "userName" | "externalId" | "workEmail" | "anyEmail";
export type GroupFilterAttribute = "id" | "displayName" | "externalId";

export type UserComparison =
  | { readonly attribute: UserFilterAttribute; readonly value: string }
  | { readonly attribute: "active"; readonly value: boolean };
export type GroupComparison = { readonly attribute: GroupFilterAttribute; readonly value: string };
export type ScimComparison = UserComparison | GroupComparison;

export type ParsedFilter<Comparison> = { readonly outcome: "parsed"; readonly comparisons: readonly Comparison[] };
export type FilterRefusal = ScimRefusal<"invalidFilter">;

/**
 * Whether the attribute compares exactly (RFC 7643 `caseExact`): userName, addresses and a group's name are
 * matched whatever their case, ids as they are written.
 */
export const FILTER_CASE_EXACT: Readonly<Record<UserFilterAttribute | GroupFilterAttribute, boolean>> = {
  id: true,
  externalId: true,
  userName: false,
  workEmail: false,
  anyEmail: false,
  displayName: false,
};

const CORE_SCHEMA_PREFIX = {
  User: "urn:ietf:params:scim:schemas:core:2.0:user:",
  Group: "urn:ietf:params:scim:schemas:core:2.0:group:",
};

/** Attribute paths, lower-cased, to what they test; a value path (`emails[type eq "work"].value`) is read apart. */
const USER_PATHS: Readonly<Record<string, UserFilterAttribute | "active">> = {
  id: "id",
  username: "userName",
  externalid: "externalId",
  "emails.value": "anyEmail",
  emails: "anyEmail",
  active: "active",
};
const GROUP_PATHS: Readonly<Record<string, GroupFilterAttribute>> = {
  id: "id",
  displayname: "displayName",
  externalid: "externalId",
};

const notSupported = (filter: string, why: string): FilterRefusal =>
  refuse("invalidFilter", `filter not supported: ${why} (in ${JSON.stringify(filter.slice(0, 200))})`);

const NAME_CHARACTER = /[A-Za-z0-9_$:.-]/;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** A reading position in the filter text. */
class Cursor {
  position = 0;
  constructor(readonly text: string) {}

  get atEnd(): boolean {
    return this.position >= this.text.length;
  }

  peek(): string {
    return this.text.charAt(this.position);
  }

  /** Skips spaces and says whether there was any. */
  skipSpaces(): boolean {
    const start = this.position;
    while (this.peek() === " " || this.peek() === "\t") this.position += 1;
    return this.position > start;
  }

  /** An attribute name or a keyword: letters, digits and the characters of a schema URN. */
  readName(): string {
    const start = this.position;
    while (!this.atEnd && NAME_CHARACTER.test(this.peek())) this.position += 1;
    return this.text.slice(start, this.position);
  }

  /** A JSON string at the cursor, unescaped, or null when there is none or it is malformed. */
  readString(): string | null {
    if (this.peek() !== '"') return null;
    let value = "";
    let index = this.position + 1;
    while (index < this.text.length) {
      const character = this.text.charAt(index);
      if (character === '"') {
        this.position = index + 1;
        return value;
      }
      if (character < " ") return null;
      if (character !== "\\") {
        value += character;
        index += 1;
        continue;
      }
      const escaped = this.text.charAt(index + 1);
      if (escaped === "u") {
        const hex = this.text.slice(index + 2, index + 6);
        if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return null;
        value += String.fromCharCode(Number.parseInt(hex, 16));
        index += 6;
        continue;
      }
      const replacement = ESCAPES[escaped];
      if (replacement === undefined) return null;
      value += replacement;
      index += 2;
    }
    return null;
  }
}

/** Reads `[type eq "work"].value` after `emails`: the one value path the filters support. */
function readWorkEmailPath(cursor: Cursor, filter: string): FilterRefusal | null {
  cursor.position += 1;
  cursor.skipSpaces();
  const subAttribute = cursor.readName();
  if (subAttribute.toLowerCase() !== "type") return notSupported(filter, "emails can be selected by type only");
  if (!cursor.skipSpaces() || cursor.readName().toLowerCase() !== "eq" || !cursor.skipSpaces()) {
    return notSupported(filter, "emails can be selected by type eq only");
  }
  const type = cursor.readString();
  if (type === null || type.toLowerCase() !== "work") {
    return notSupported(filter, 'emails can be selected by type eq "work" only');
  }
  cursor.skipSpaces();
  if (cursor.peek() !== "]") return notSupported(filter, "a value path must end with ]");
  cursor.position += 1;
  if (cursor.readName().toLowerCase() !== ".value") return notSupported(filter, 'only emails[type eq "work"].value');
  return null;
}

type ReadComparison = { readonly outcome: "read"; readonly comparison: ScimComparison } | FilterRefusal;

function readComparison(cursor: Cursor, filter: string, resource: ScimResourceType): ReadComparison {
  const name = cursor.readName();
  if (name === "") {
    return notSupported(filter, cursor.peek() === "(" ? "grouping is not supported" : "an attribute is expected");
  }
  let path = name.toLowerCase();
  if (path.startsWith(CORE_SCHEMA_PREFIX[resource])) path = path.slice(CORE_SCHEMA_PREFIX[resource].length);
  if (path === "not") return notSupported(filter, "not is not supported");
  let attribute: ScimComparison["attribute"] | undefined;
  if (cursor.peek() === "[") {
    if (resource !== "User" || path !== "emails") return notSupported(filter, `${name}[…] is not filterable`);
    const refusal = readWorkEmailPath(cursor, filter);
    if (refusal) return refusal;
    attribute = "workEmail";
  } else {
    attribute = resource === "User" ? USER_PATHS[path] : GROUP_PATHS[path];
    if (attribute === undefined) return notSupported(filter, `${name} is not filterable`);
  }
  if (!cursor.skipSpaces()) return notSupported(filter, "an operator is expected after the attribute");
  const operator = cursor.readName().toLowerCase();
  if (operator !== "eq") return notSupported(filter, `operator ${JSON.stringify(operator)}: only eq is supported`);
  if (!cursor.skipSpaces()) return notSupported(filter, "a value is expected after eq");
  if (attribute === "active") {
    const literal = cursor.readName().toLowerCase();
    if (literal !== "true" && literal !== "false") return notSupported(filter, "active compares with true or false");
    return { outcome: "read", comparison: { attribute, value: literal === "true" } };
  }
  const value = cursor.readString();
  if (value === null) return notSupported(filter, `${name} compares with a string in double quotes`);
  return { outcome: "read", comparison: { attribute, value } as ScimComparison };
}

function parse(filter: string, resource: ScimResourceType): ParsedFilter<ScimComparison> | FilterRefusal {
  if (filter.length > MAX_FILTER_LENGTH) return notSupported(filter, `longer than ${MAX_FILTER_LENGTH} characters`);
  const cursor = new Cursor(filter);
  const comparisons: ScimComparison[] = [];
  cursor.skipSpaces();
  for (;;) {
    const read = readComparison(cursor, filter, resource);
    if (read.outcome === "refused") return read;
    comparisons.push(read.comparison);
    const spaced = cursor.skipSpaces();
    if (cursor.atEnd) break;
    const joiner = spaced ? cursor.readName().toLowerCase() : "";
    if (joiner === "or") return notSupported(filter, "or is not supported");
    if (joiner !== "and" || !cursor.skipSpaces()) return notSupported(filter, "comparisons are joined by and");
    if (comparisons.length === MAX_FILTER_COMPARISONS) {
      return notSupported(filter, `more than ${MAX_FILTER_COMPARISONS} comparisons`);
    }
  }
  return { outcome: "parsed", comparisons };
}

/** A `GET /Users?filter=` value, read. */
export function parseUserFilter(filter: string): ParsedFilter<UserComparison> | FilterRefusal {
  return parse(filter, "User") as ParsedFilter<UserComparison> | FilterRefusal;
}

/** A `GET /Groups?filter=` value, read. */
export function parseGroupFilter(filter: string): ParsedFilter<GroupComparison> | FilterRefusal {
  return parse(filter, "Group") as ParsedFilter<GroupComparison> | FilterRefusal;
}

const WRITTEN_PATH: Readonly<Record<ScimComparison["attribute"], string>> = {
  id: "id",
  userName: "userName",
  externalId: "externalId",
  workEmail: 'emails[type eq "work"].value',
  anyEmail: "emails.value",
  displayName: "displayName",
  active: "active",
};

/** A filter written back in its canonical form: what the request log shows, and what parsing reads again. */
export function formatFilter(comparisons: readonly ScimComparison[]): string {
  return comparisons
    .map(
      ({ attribute, value }) =>
        `${WRITTEN_PATH[attribute]} eq ${typeof value === "boolean" ? value : JSON.stringify(value)}`,
    )
    .join(" and ");
}

/** A JSON string literal in a PATCH path (`members[value eq "…"]`), unescaped; null when it is not exactly one. */
export function readQuotedString(text: string): string | null {
  const cursor = new Cursor(text);
  const value = cursor.readString();
  return value !== null && cursor.atEnd ? value : null;
}

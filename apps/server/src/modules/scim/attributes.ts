/*
 * What Precis keeps of a SCIM User and Group, and how a value sent for one of its attributes is read: shared by
 * the bodies of POST and PUT (resources.ts) and by PATCH (patch.ts), so both accept exactly the same values.
 */
import { refuse, type ScimRefusal } from "./errors.ts";

/** A provisioned person as SCIM sees them. Null is an unassigned attribute, which SCIM answers by leaving it out. */
export type ScimUserAttributes = {
  readonly userName: string;
  readonly externalId: string | null;
  readonly givenName: string | null;
  readonly familyName: string | null;
  readonly displayName: string | null;
  readonly active: boolean;
  /** The one address Precis keeps: the `work` one, else the primary one, else the first sent. */
  readonly workEmail: string | null;
};

export type ScimGroupAttributes = {
  readonly displayName: string;
  readonly externalId: string | null;
  /** The SCIM ids of the members, in the order they were added. */
  readonly memberIds: readonly string[];
};

/** An address is at most 320 characters (RFC 5321's 64 + 1 + 255), and userName is one at every firm we know. */
export const MAX_USER_NAME_LENGTH = 320;
/** Every other string attribute: names, ids of the identity provider, a group's name. */
export const MAX_ATTRIBUTE_LENGTH = 256;
/** Members one request may name: a group of a whole firm fits, a body built to exhaust memory does not. */
export const MAX_MEMBERS_PER_REQUEST = 10_000;

export type ValueRefusal = ScimRefusal<"invalidValue">;

export const isRefusal = (value: unknown): value is ScimRefusal =>
  typeof value === "object" && value !== null && (value as { outcome?: unknown }).outcome === "refused";

const ACTIVE_STRINGS = /^(true|false)$/i;

/** `active` as both identity providers send it: a boolean, or Entra's strings "True" and "False" (any case). */
export function readActive(value: unknown, where = "active"): boolean | ValueRefusal {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && ACTIVE_STRINGS.test(value)) return value.toLowerCase() === "true";
  return refuse("invalidValue", `${where} must be true or false`);
}

/** A string an attribute requires (userName, a group's displayName). */
export function readRequiredString(
  value: unknown,
  where: string,
  maxLength = MAX_ATTRIBUTE_LENGTH,
): string | ValueRefusal {
  if (typeof value !== "string" || value.trim() === "")
    return refuse("invalidValue", `${where} must be a non-empty string`);
  if (value.length > maxLength) return refuse("invalidValue", `${where} is longer than ${maxLength} characters`);
  return value;
}

/** A string an attribute may leave unassigned: null and the empty string unassign it. */
export function readOptionalString(value: unknown, where: string): string | null | ValueRefusal {
  if (value === null || value === "") return null;
  return readRequiredString(value, where);
}

const ADDRESS = /^[^\s@]+@[^\s@]+$/;

export function readEmailAddress(value: unknown, where: string): string | ValueRefusal {
  const text = readRequiredString(value, where, MAX_USER_NAME_LENGTH);
  if (isRefusal(text)) return text;
  return ADDRESS.test(text) ? text : refuse("invalidValue", `${where} must be an email address`);
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A member of an object by its name in any case, as RFC 7643 §2.1 makes attribute names case-insensitive. */
export function memberOf(object: Record<string, unknown>, name: string): unknown {
  const wanted = name.toLowerCase();
  for (const key of Object.keys(object)) if (key.toLowerCase() === wanted) return object[key];
  return undefined;
}

/** The work address from an `emails` array: the `work` one, else the primary one, else the first. */
export function readWorkEmail(emails: unknown, where = "emails"): string | null | ValueRefusal {
  if (emails === null) return null;
  if (!Array.isArray(emails)) return refuse("invalidValue", `${where} must be an array`);
  if (emails.length > 32) return refuse("invalidValue", `${where} has more than 32 entries`);
  const entries: { value: string; type: unknown; primary: unknown }[] = [];
  for (const [index, entry] of emails.entries()) {
    if (!isPlainObject(entry)) return refuse("invalidValue", `${where}[${index}] must be an object`);
    const value = readEmailAddress(memberOf(entry, "value"), `${where}[${index}].value`);
    if (isRefusal(value)) return value;
    entries.push({ value, type: memberOf(entry, "type"), primary: memberOf(entry, "primary") });
  }
  const chosen =
    entries.find((entry) => typeof entry.type === "string" && entry.type.toLowerCase() === "work") ??
    entries.find(
      (entry) => entry.primary === true || (typeof entry.primary === "string" && /^true$/i.test(entry.primary)),
    ) ??
    entries[0];
  return chosen?.value ?? null;
}

/** The ids of a `members` array: `[{"value":"<id>","display":"…","$ref":null}]`, as both providers send it. */
export function readMemberIds(members: unknown, where = "members"): string[] | ValueRefusal {
  if (!Array.isArray(members)) return refuse("invalidValue", `${where} must be an array of members`);
  if (members.length > MAX_MEMBERS_PER_REQUEST) {
    return refuse("invalidValue", `${where} names more than ${MAX_MEMBERS_PER_REQUEST} members`);
  }
  const ids: string[] = [];
  for (const [index, member] of members.entries()) {
    if (!isPlainObject(member)) return refuse("invalidValue", `${where}[${index}] must be an object with a value`);
    const id = readRequiredString(memberOf(member, "value"), `${where}[${index}].value`);
    if (isRefusal(id)) return id;
    ids.push(id);
  }
  return ids;
}

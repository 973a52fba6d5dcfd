/*
 * The User and Group bodies Precis accepts on POST and PUT, and the resources and lists it answers with
 * (RFC 7643 §4, RFC 7644 §3.4.2). Bodies are read leniently where the identity providers differ from one another
 * (attributes Precis does not keep are ignored, Okta's password placeholder and Entra's `roles` and `meta`
 * included) and strictly where a value is wrong: a wrong type is `invalidValue`, a body that is not a SCIM
 * resource `invalidSyntax`.
 */
import { z } from "zod/mini";
import {
  isPlainObject,
  isRefusal,
  MAX_ATTRIBUTE_LENGTH,
  MAX_MEMBERS_PER_REQUEST,
  MAX_USER_NAME_LENGTH,
  readWorkEmail,
  type ScimGroupAttributes,
  type ScimUserAttributes,
} from "./attributes.ts";
import { refuse, type ScimRefusal } from "./errors.ts";

export const SCIM_CONTENT_TYPE = "application/scim+json";
export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const LIST_RESPONSE_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
/** The most resources one page holds (the ServiceProviderConfig's `filter.maxResults`). */
export const MAX_RESULTS = 100;

const optionalText = z.optional(z.nullable(z.string().check(z.maxLength(MAX_ATTRIBUTE_LENGTH))));
/** `active` as Okta (booleans) and Entra (also "True" and "False", in any case) send it. */
const activeValue = z.union([z.boolean(), z.string().check(z.regex(/^(true|false)$/i, "must be true or false"))]);
const schemasIncluding = (schema: string) =>
  z.array(z.string()).check(z.refine((schemas) => schemas.includes(schema), `must include ${schema}`));

const requiredText = (maxLength: number) => z.string().check(z.minLength(1), z.maxLength(maxLength));
/** What a User and a Group body share: their schemas, an `id` that only a PUT checks, the provider's own id. */
const resourceShape = (schema: string) => ({
  schemas: schemasIncluding(schema),
  id: z.optional(z.string()),
  externalId: optionalText,
});

const userBody = z.looseObject({
  ...resourceShape(USER_SCHEMA),
  userName: requiredText(MAX_USER_NAME_LENGTH),
  name: z.optional(
    z.nullable(z.looseObject({ givenName: optionalText, familyName: optionalText, formatted: optionalText })),
  ),
  displayName: optionalText,
  // Each entry's address is checked where the work one is chosen (readWorkEmail).
  emails: z.optional(z.nullable(z.array(z.looseObject({ value: z.string() })).check(z.maxLength(32)))),
  active: z.optional(activeValue),
  // Okta's random placeholder on create: write-only, never kept and never answered.
  password: z.optional(z.string()),
});

const groupBody = z.looseObject({
  // Entra adds its own group schema beside the core one; the core one is what Precis needs.
  ...resourceShape(GROUP_SCHEMA),
  displayName: requiredText(MAX_ATTRIBUTE_LENGTH),
  members: z.optional(
    z.nullable(
      z.array(z.looseObject({ value: requiredText(MAX_ATTRIBUTE_LENGTH) })).check(z.maxLength(MAX_MEMBERS_PER_REQUEST)),
    ),
  ),
});

/** A User body, read. `active` is undefined when it was not sent: a PUT then keeps it, a POST makes the user active. */
export type ScimUserInput = Omit<ScimUserAttributes, "active"> & { readonly active: boolean | undefined };

export type BodyRefusal = ScimRefusal<"invalidSyntax" | "invalidValue" | "mutability">;

/** RFC 7643 makes attribute names case-insensitive: the top-level ones are renamed to the schema's spelling. */
function canonicalNames(body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [byLower.get(key.toLowerCase()) ?? key, value]));
}

function bodyRefusal(error: z.core.$ZodError): BodyRefusal {
  const issue = error.issues[0];
  const where = issue?.path.map(String).join(".") ?? "";
  if (where === "" || where === "schemas" || where.startsWith("schemas.")) {
    return refuse(
      "invalidSyntax",
      `the body is not a SCIM resource: ${where || "body"} ${issue?.message ?? ""}`.trim(),
    );
  }
  return refuse("invalidValue", `${where}: ${issue?.message ?? "is not valid"}`);
}

const present = (value: string | null | undefined): string | null =>
  value === undefined || value === "" ? null : value;

/** Reads an `id` sent in a body: ignored on create, and on a replace it must be the resource's own. */
function idRefusal(sentId: string | undefined, resourceId: string | undefined): BodyRefusal | null {
  if (resourceId === undefined || sentId === undefined || sentId === resourceId) return null;
  return refuse("mutability", "id is assigned by Precis and cannot be changed");
}

/** A POST (no resourceId) or PUT (`/Users/{resourceId}`) body. */
export function readUserBody(
  body: unknown,
  resourceId?: string,
): { readonly outcome: "read"; readonly user: ScimUserInput } | BodyRefusal {
  if (!isPlainObject(body)) return refuse("invalidSyntax", "the body must be a User object");
  const named = canonicalNames(body, [
    "schemas",
    "id",
    "userName",
    "externalId",
    "name",
    "displayName",
    "emails",
    "active",
  ]);
  if (isPlainObject(named.name)) named.name = canonicalNames(named.name, ["givenName", "familyName", "formatted"]);
  const parsed = userBody.safeParse(named);
  if (!parsed.success) return bodyRefusal(parsed.error);
  const { data } = parsed;
  const wrongId = idRefusal(data.id, resourceId);
  if (wrongId) return wrongId;
  const workEmail = readWorkEmail(data.emails ?? null);
  if (isRefusal(workEmail)) return workEmail;
  return {
    outcome: "read",
    user: {
      userName: data.userName,
      externalId: present(data.externalId),
      givenName: present(data.name?.givenName),
      familyName: present(data.name?.familyName),
      displayName: present(data.displayName),
      active: typeof data.active === "string" ? data.active.toLowerCase() === "true" : data.active,
      workEmail,
    },
  };
}

/** The attributes a POST creates: a user sent without `active` is active. */
export const userAttributesForCreate = (input: ScimUserInput): ScimUserAttributes => ({
  ...input,
  active: input.active ?? true,
});

/** The attributes a PUT leaves: everything sent, and the current `active` when none was sent (Okta's full PUT). */
export const userAttributesForReplace = (current: ScimUserAttributes, input: ScimUserInput): ScimUserAttributes => ({
  ...input,
  active: input.active ?? current.active,
});

/** A POST or PUT body for a Group. Members named twice are kept once. */
export function readGroupBody(
  body: unknown,
  resourceId?: string,
): { readonly outcome: "read"; readonly group: ScimGroupAttributes } | BodyRefusal {
  if (!isPlainObject(body)) return refuse("invalidSyntax", "the body must be a Group object");
  const parsed = groupBody.safeParse(canonicalNames(body, ["schemas", "id", "displayName", "externalId", "members"]));
  if (!parsed.success) return bodyRefusal(parsed.error);
  const { data } = parsed;
  const wrongId = idRefusal(data.id, resourceId);
  if (wrongId) return wrongId;
  const memberIds = [...new Set((data.members ?? []).map((member) => member.value))];
  return { outcome: "read", group: { displayName: data.displayName, externalId: present(data.externalId), memberIds } };
}

export type ScimUserRecord = ScimUserAttributes & {
  readonly id: string;
  readonly created: Date;
  readonly lastModified: Date;
};

export type ScimGroupRecord = Omit<ScimGroupAttributes, "memberIds"> & {
  readonly id: string;
  readonly members: readonly { readonly id: string; readonly display: string | null }[];
  readonly created: Date;
  readonly lastModified: Date;
};

const meta = (resourceType: "User" | "Group", location: string, created: Date, lastModified: Date) => ({
  resourceType,
  created: created.toISOString(),
  lastModified: lastModified.toISOString(),
  location,
});

/** Leaves out what is unassigned, as RFC 7643 §2.5 treats null and absence alike. */
const assigned = <Value>(name: string, value: Value | null) => (value === null ? {} : { [name]: value });

/** A User resource; `baseUrl` is the SCIM base address (`…/scim/v2`), with no slash at its end. */
export function writeUserResource(user: ScimUserRecord, baseUrl: string) {
  const formatted = [user.givenName, user.familyName].filter((part) => part !== null).join(" ");
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...assigned("externalId", user.externalId),
    userName: user.userName,
    ...(formatted === ""
      ? {}
      : {
          name: { ...assigned("givenName", user.givenName), ...assigned("familyName", user.familyName), formatted },
        }),
    ...assigned("displayName", user.displayName),
    ...(user.workEmail === null ? {} : { emails: [{ value: user.workEmail, type: "work", primary: true }] }),
    active: user.active,
    meta: meta("User", `${baseUrl}/Users/${encodeURIComponent(user.id)}`, user.created, user.lastModified),
  };
}

/** A Group resource; Entra reads groups with `excludedAttributes=members`, which leaves the members out. */
export function writeGroupResource(group: ScimGroupRecord, baseUrl: string, options: { withMembers: boolean }) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...assigned("externalId", group.externalId),
    displayName: group.displayName,
    ...(options.withMembers
      ? {
          members: group.members.map((member) => ({
            value: member.id,
            $ref: `${baseUrl}/Users/${encodeURIComponent(member.id)}`,
            ...assigned("display", member.display),
          })),
        }
      : {}),
    meta: meta("Group", `${baseUrl}/Groups/${encodeURIComponent(group.id)}`, group.created, group.lastModified),
  };
}

/** A ListResponse: its numbers are numbers (Okta checks), and itemsPerPage is the page's own size. */
export function writeListResponse<Resource>(resources: readonly Resource[], totalResults: number, startIndex: number) {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

export type Paging = { readonly startIndex: number; readonly count: number };

const INTEGER = /^[+-]?\d{1,15}$/;

/**
 * `startIndex` and `count` from a list's query (RFC 7644 §3.4.2.4): a start below 1 is 1, a negative count 0, and
 * a count above MAX_RESULTS is MAX_RESULTS. `count=0` asks for `totalResults` alone. A value that is no integer
 * is refused rather than guessed at.
 */
export function readPaging(query: {
  readonly startIndex?: string | undefined;
  readonly count?: string | undefined;
}): Paging | ScimRefusal<"invalidValue"> {
  const read = (text: string | undefined, name: string, fallback: number): number | ScimRefusal<"invalidValue"> => {
    if (text === undefined || text === "") return fallback;
    if (!INTEGER.test(text)) return refuse("invalidValue", `${name} must be an integer`);
    return Number(text);
  };
  const startIndex = read(query.startIndex, "startIndex", 1);
  if (isRefusal(startIndex)) return startIndex;
  const count = read(query.count, "count", MAX_RESULTS);
  if (isRefusal(count)) return count;
  return { startIndex: Math.max(1, startIndex), count: Math.min(MAX_RESULTS, Math.max(0, count)) };
}

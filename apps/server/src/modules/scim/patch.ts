/*
 * SCIM PATCH (RFC 7644 §3.5.2) for the attributes Precis keeps, read into typed operations and then applied to a
 * user or a group as pure functions, so the route applies all of a request in one transaction or none of it.
 *
 * What Okta and Entra really send is accepted: ops in any case (Entra's "Replace"), a value object and no path
 * (Okta's deactivation, Entra's dotted keys such as "name.givenName"), `active` as Entra's strings "True" and
 * "False", the filtered path `emails[type eq "work"].value`, and both forms of member removal
 * (`members[value eq "<id>"]`, and Entra's older `remove` of `members` with a value array). Core attributes Precis
 * keeps no copy of (a title, phone numbers, the enterprise extension) are accepted and ignored, since Entra's
 * default mappings send them on every change. Anything else is refused with the scimType that says why.
 */
import {
  isPlainObject,
  isRefusal,
  MAX_USER_NAME_LENGTH,
  memberOf,
  readActive,
  readEmailAddress,
  readMemberIds,
  readOptionalString,
  readRequiredString,
  readWorkEmail,
  type ScimGroupAttributes,
  type ScimUserAttributes,
} from "./attributes.ts";
import { refuse, type ScimRefusal } from "./errors.ts";
import { readQuotedString } from "./filter.ts";

export const PATCH_OP_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
/** Operations one request may carry: Entra sends a handful, Okta two; the body limit bounds the rest. */
export const MAX_PATCH_OPERATIONS = 1000;
const MAX_PATH_LENGTH = 512;

export type PatchRefusal = ScimRefusal<"invalidPath" | "invalidValue" | "invalidSyntax" | "mutability" | "noTarget">;

type UserStringAttribute = "userName" | "externalId" | "displayName" | "givenName" | "familyName" | "workEmail";

export type UserOperation =
  | { readonly kind: "set"; readonly attribute: "active"; readonly value: boolean }
  /** Null unassigns the attribute (a `remove`, or a `replace` with null or ""). */
  | { readonly kind: "set"; readonly attribute: UserStringAttribute; readonly value: string | null }
  /** `remove` of `emails[type eq "work"]…`: a filter that must match, or it is `noTarget`. */
  | { readonly kind: "removeWorkEmail" }
  /** A path Precis accepts and keeps nothing of; the request log shows it. */
  | { readonly kind: "ignore"; readonly path: string };

export type GroupOperation =
  | { readonly kind: "set"; readonly attribute: "displayName"; readonly value: string }
  | { readonly kind: "set"; readonly attribute: "externalId"; readonly value: string | null }
  | { readonly kind: "addMembers"; readonly memberIds: readonly string[] }
  /**
   * With `mustMatch` (the filter `members[value eq "<id>"]`), each id must be a member or the request is `noTarget`,
   * as RFC 7644 says of a filter that matches nothing. Entra's older form names them in a value array, which has no
   * filter to match: removing someone already gone there changes nothing, so a repeated request still succeeds.
   */
  | { readonly kind: "removeMembers"; readonly memberIds: readonly string[]; readonly mustMatch: boolean }
  | { readonly kind: "replaceMembers"; readonly memberIds: readonly string[] }
  | { readonly kind: "ignore"; readonly path: string };

export type ParsedPatch<Operation> = { readonly outcome: "parsed"; readonly operations: readonly Operation[] };

type Op = "add" | "replace" | "remove";

/** A path, read: the attribute (lower case, schema prefix removed), its filter and its sub-attribute. */
type PathRef = {
  readonly text: string;
  readonly attribute: string;
  readonly filter: { readonly attribute: string; readonly value: string } | null;
  readonly subAttribute: string | null;
  /** The path lies in the enterprise extension, which Precis does not keep. */
  readonly enterprise: boolean;
};

const CORE_PREFIX = {
  User: "urn:ietf:params:scim:schemas:core:2.0:user:",
  Group: "urn:ietf:params:scim:schemas:core:2.0:group:",
};
const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:user";
// The quoted part alternates between disjoint classes, so matching is linear; the length is bounded before.
const PATH_SHAPE =
  /^([A-Za-z][\w$-]*)(?:\[\s*([A-Za-z][\w$-]*)\s+eq\s+("(?:[^"\\]|\\.)*")\s*\])?(?:\.([A-Za-z][\w$-]*))?$/i;

type Resource = "User" | "Group";

function readPath(text: string, resource: Resource): PathRef | PatchRefusal {
  if (text.length > MAX_PATH_LENGTH) return refuse("invalidPath", `path is longer than ${MAX_PATH_LENGTH} characters`);
  const lower = text.toLowerCase();
  if (resource === "User" && (lower === ENTERPRISE_SCHEMA || lower.startsWith(`${ENTERPRISE_SCHEMA}:`))) {
    return { text, attribute: lower, filter: null, subAttribute: null, enterprise: true };
  }
  const local = lower.startsWith(CORE_PREFIX[resource]) ? text.slice(CORE_PREFIX[resource].length) : text;
  const shape = PATH_SHAPE.exec(local);
  if (!shape) return refuse("invalidPath", `path ${JSON.stringify(text)} is not supported`);
  const [, attribute = "", filterAttribute, filterLiteral, subAttribute] = shape;
  let filter: PathRef["filter"] = null;
  if (filterAttribute !== undefined && filterLiteral !== undefined) {
    const value = readQuotedString(filterLiteral);
    if (value === null) return refuse("invalidPath", `path ${JSON.stringify(text)} has a malformed string`);
    filter = { attribute: filterAttribute.toLowerCase(), value };
  }
  return {
    text,
    attribute: attribute.toLowerCase(),
    filter,
    subAttribute: subAttribute?.toLowerCase() ?? null,
    enterprise: false,
  };
}

/** Core User attributes Precis keeps no copy of: accepted in any form, and ignored. */
const IGNORED_USER_ATTRIBUTES = new Set([
  "nickname",
  "profileurl",
  "title",
  "usertype",
  "preferredlanguage",
  "locale",
  "timezone",
  "phonenumbers",
  "ims",
  "photos",
  "addresses",
  "entitlements",
  "roles",
  "x509certificates",
  // Okta's password sync: write-only, and Precis accounts provisioned by SCIM sign in through the firm.
  "password",
]);
/** Parts of a name Precis does not keep apart from the given and family names. */
const IGNORED_NAME_PARTS = new Set(["formatted", "middlename", "honorificprefix", "honorificsuffix"]);

type Operations<Operation> = Operation[] | PatchRefusal;

const plainPath = (path: PathRef) => path.filter === null && path.subAttribute === null;

/** `id` may be sent with the resource's own value (Okta's group rename does); any other value cannot be changed. */
function idOperation<Operation>(path: PathRef, op: Op, value: unknown, resourceId: string): Operations<Operation> {
  if (op !== "remove" && plainPath(path) && value === resourceId)
    return [{ kind: "ignore", path: path.text } as Operation];
  return refuse("mutability", "id is assigned by Precis and cannot be changed");
}

/** A path to what Precis assigns (id, meta, schemas), in either resource; undefined for any other path. */
function assignedByPrecis<Operation>(
  path: PathRef,
  op: Op,
  value: unknown,
  resourceId: string,
): Operations<Operation> | undefined {
  if (path.attribute === "id") return idOperation(path, op, value, resourceId);
  if (path.attribute === "meta" || path.attribute === "schemas") {
    return refuse("mutability", `${path.attribute} is assigned by Precis and cannot be changed`);
  }
  return undefined;
}

function userStringOperation(
  attribute: UserStringAttribute,
  op: Op,
  value: unknown,
  where: string,
): Operations<UserOperation> {
  if (op === "remove") {
    if (attribute === "userName") return refuse("invalidValue", "userName is required and cannot be removed");
    return [{ kind: "set", attribute, value: null }];
  }
  const read =
    attribute === "userName"
      ? readRequiredString(value, where, MAX_USER_NAME_LENGTH)
      : attribute === "workEmail"
        ? value === null || value === ""
          ? null
          : readEmailAddress(value, where)
        : readOptionalString(value, where);
  return isRefusal(read) ? read : [{ kind: "set", attribute, value: read }];
}

function nameOperations(path: PathRef, op: Op, value: unknown): Operations<UserOperation> {
  if (path.filter !== null) return refuse("invalidPath", `path ${JSON.stringify(path.text)} is not supported`);
  const part = path.subAttribute;
  if (part === "givenname") return userStringOperation("givenName", op, value, "name.givenName");
  if (part === "familyname") return userStringOperation("familyName", op, value, "name.familyName");
  if (part !== null) {
    if (IGNORED_NAME_PARTS.has(part)) return [{ kind: "ignore", path: path.text }];
    return refuse("invalidPath", `name has no part ${JSON.stringify(part)}`);
  }
  if (op === "remove") {
    return [
      { kind: "set", attribute: "givenName", value: null },
      { kind: "set", attribute: "familyName", value: null },
    ];
  }
  if (value === null) return nameOperations(path, "remove", value);
  if (!isPlainObject(value)) return refuse("invalidValue", "name must be an object");
  const operations: UserOperation[] = [];
  for (const [key, partValue] of Object.entries(value)) {
    const read = nameOperations({ ...path, text: `name.${key}`, subAttribute: key.toLowerCase() }, op, partValue);
    if (isRefusal(read)) return read;
    operations.push(...read);
  }
  return operations;
}

function emailOperations(path: PathRef, op: Op, value: unknown): Operations<UserOperation> {
  if (path.filter === null) {
    if (path.subAttribute !== null) return refuse("invalidPath", 'select an address by type: emails[type eq "work"]');
    if (op === "remove") return [{ kind: "set", attribute: "workEmail", value: null }];
    const email = readWorkEmail(value);
    if (isRefusal(email)) return email;
    // An add of an empty list adds nothing; a replace with one leaves no address.
    if (email === null && op === "add") return [];
    return [{ kind: "set", attribute: "workEmail", value: email }];
  }
  if (path.filter.attribute !== "type" || path.filter.value.toLowerCase() !== "work") {
    return refuse("invalidPath", 'Precis keeps the work address only: emails[type eq "work"]');
  }
  const sub = path.subAttribute;
  if (sub === "primary" || sub === "display") return [{ kind: "ignore", path: path.text }];
  if (sub !== null && sub !== "value")
    return refuse("invalidPath", `path ${JSON.stringify(path.text)} is not supported`);
  if (op === "remove") return [{ kind: "removeWorkEmail" }];
  if (sub === "value") return userStringOperation("workEmail", op, value, path.text);
  if (!isPlainObject(value)) return refuse("invalidValue", `${path.text} must be an object with a value`);
  return userStringOperation("workEmail", op, memberOf(value, "value"), `${path.text}.value`);
}

function userPathOperations(path: PathRef, op: Op, value: unknown, resourceId: string): Operations<UserOperation> {
  if (path.enterprise || IGNORED_USER_ATTRIBUTES.has(path.attribute)) return [{ kind: "ignore", path: path.text }];
  const assigned = assignedByPrecis<UserOperation>(path, op, value, resourceId);
  if (assigned) return assigned;
  if (path.attribute === "name") return nameOperations(path, op, value);
  if (path.attribute === "emails") return emailOperations(path, op, value);
  // RFC 7643 makes a user's groups read-only: membership changes through the Group.
  if (path.attribute === "groups") return refuse("mutability", "groups is changed through each Group's members");
  if (!plainPath(path)) return refuse("invalidPath", `path ${JSON.stringify(path.text)} is not supported`);
  switch (path.attribute) {
    case "active": {
      if (op === "remove") return refuse("invalidValue", "active is required and cannot be removed");
      const active = readActive(value);
      return isRefusal(active) ? active : [{ kind: "set", attribute: "active", value: active }];
    }
    case "username":
      return userStringOperation("userName", op, value, "userName");
    case "externalid":
      return userStringOperation("externalId", op, value, "externalId");
    case "displayname":
      return userStringOperation("displayName", op, value, "displayName");
  }
  return refuse("invalidPath", `path ${JSON.stringify(path.text)} is not an attribute of a User`);
}

function groupMembersOperations(path: PathRef, op: Op, value: unknown): Operations<GroupOperation> {
  if (path.subAttribute !== null) return refuse("invalidPath", `path ${JSON.stringify(path.text)} is not supported`);
  if (path.filter !== null) {
    // `members[value eq "<id>"]` selects one member, which only a remove can act on.
    if (path.filter.attribute !== "value")
      return refuse("invalidPath", 'select a member by its id: members[value eq "…"]');
    if (op !== "remove") return refuse("invalidPath", "a member selected by a filter can only be removed");
    return [{ kind: "removeMembers", memberIds: [path.filter.value], mustMatch: true }];
  }
  if (op === "remove") {
    // Entra's older form names the members to remove in a value array; with no value, all of them go.
    if (value === undefined) return [{ kind: "replaceMembers", memberIds: [] }];
    const ids = readMemberIds(value);
    return isRefusal(ids) ? ids : [{ kind: "removeMembers", memberIds: ids, mustMatch: false }];
  }
  const ids = value === null && op === "replace" ? [] : readMemberIds(value);
  if (isRefusal(ids)) return ids;
  return [{ kind: op === "add" ? "addMembers" : "replaceMembers", memberIds: ids }];
}

function groupPathOperations(path: PathRef, op: Op, value: unknown, resourceId: string): Operations<GroupOperation> {
  const assigned = assignedByPrecis<GroupOperation>(path, op, value, resourceId);
  if (assigned) return assigned;
  if (path.attribute === "members") return groupMembersOperations(path, op, value);
  if (!plainPath(path)) return refuse("invalidPath", `path ${JSON.stringify(path.text)} is not supported`);
  if (path.attribute === "displayname") {
    if (op === "remove") return refuse("invalidValue", "displayName is required and cannot be removed");
    const name = readRequiredString(value, "displayName");
    return isRefusal(name) ? name : [{ kind: "set", attribute: "displayName", value: name }];
  }
  if (path.attribute === "externalid") {
    const externalId = op === "remove" ? null : readOptionalString(value, "externalId");
    return isRefusal(externalId) ? externalId : [{ kind: "set", attribute: "externalId", value: externalId }];
  }
  return refuse("invalidPath", `path ${JSON.stringify(path.text)} is not an attribute of a Group`);
}

type PathOperations<Operation> = (path: PathRef, op: Op, value: unknown, resourceId: string) => Operations<Operation>;

const OPS = new Set<string>(["add", "replace", "remove"]);

function readOperations<Operation>(
  body: unknown,
  resource: Resource,
  resourceId: string,
  pathOperations: PathOperations<Operation>,
): ParsedPatch<Operation> | PatchRefusal {
  if (!isPlainObject(body)) return refuse("invalidSyntax", "the body must be a PatchOp object");
  const schemas = memberOf(body, "schemas");
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP_SCHEMA)) {
    return refuse("invalidSyntax", `schemas must include ${PATCH_OP_SCHEMA}`);
  }
  const sent = memberOf(body, "Operations");
  if (!Array.isArray(sent) || sent.length === 0) return refuse("invalidSyntax", "Operations must be a non-empty array");
  if (sent.length > MAX_PATCH_OPERATIONS) {
    return refuse("invalidSyntax", `Operations has more than ${MAX_PATCH_OPERATIONS} entries`);
  }
  const operations: Operation[] = [];
  for (const [index, entry] of sent.entries()) {
    if (!isPlainObject(entry)) return refuse("invalidSyntax", `Operations[${index}] must be an object`);
    const opName = memberOf(entry, "op");
    const op = typeof opName === "string" ? opName.toLowerCase() : "";
    if (!OPS.has(op)) return refuse("invalidSyntax", `Operations[${index}].op must be add, replace or remove`);
    const pathText = memberOf(entry, "path");
    const value = memberOf(entry, "value");
    let read: Operations<Operation>;
    if (pathText === undefined || pathText === null || pathText === "") {
      read = valueObjectOperations(op as Op, value, resource, resourceId, pathOperations);
    } else if (typeof pathText !== "string") {
      read = refuse("invalidPath", `Operations[${index}].path must be a string`);
    } else if (op !== "remove" && value === undefined) {
      read = refuse("invalidSyntax", `Operations[${index}] has no value`);
    } else {
      const path = readPath(pathText, resource);
      read = isRefusal(path) ? path : pathOperations(path, op as Op, value, resourceId);
    }
    if (isRefusal(read)) return { ...read, detail: `Operations[${index}]: ${read.detail}` } as PatchRefusal;
    operations.push(...read);
  }
  return { outcome: "parsed", operations };
}

/** An add or replace with no path: each key of the value object is a path (Entra's "name.givenName" too). */
function valueObjectOperations<Operation>(
  op: Op,
  value: unknown,
  resource: Resource,
  resourceId: string,
  pathOperations: PathOperations<Operation>,
): Operations<Operation> {
  if (op === "remove") return refuse("noTarget", "a remove needs a path");
  if (!isPlainObject(value)) return refuse("invalidValue", "an operation with no path needs an object value");
  const operations: Operation[] = [];
  for (const [key, keyValue] of Object.entries(value)) {
    // A value object may repeat the resource's schemas; they change nothing.
    if (key.toLowerCase() === "schemas") continue;
    const path = readPath(key, resource);
    const read = isRefusal(path) ? path : pathOperations(path, op, keyValue, resourceId);
    if (isRefusal(read)) return read;
    operations.push(...read);
  }
  return operations;
}

/** A PATCH body for `/Users/{resourceId}`, read. */
export function parseUserPatch(body: unknown, resourceId: string): ParsedPatch<UserOperation> | PatchRefusal {
  return readOperations(body, "User", resourceId, userPathOperations);
}

/** A PATCH body for `/Groups/{resourceId}`, read. */
export function parseGroupPatch(body: unknown, resourceId: string): ParsedPatch<GroupOperation> | PatchRefusal {
  return readOperations(body, "Group", resourceId, groupPathOperations);
}

/** The user after the operations, in their order; a filter that matches nothing refuses the whole request. */
export function applyUserPatch(
  current: ScimUserAttributes,
  operations: readonly UserOperation[],
): { readonly outcome: "applied"; readonly user: ScimUserAttributes } | ScimRefusal<"noTarget"> {
  let user = current;
  for (const operation of operations) {
    if (operation.kind === "ignore") continue;
    if (operation.kind === "removeWorkEmail") {
      if (user.workEmail === null) return refuse("noTarget", 'emails[type eq "work"] matches no address');
      user = { ...user, workEmail: null };
      continue;
    }
    user = { ...user, [operation.attribute]: operation.value };
  }
  return { outcome: "applied", user };
}

/** The group after the operations, in their order; a member filter that matches nobody refuses the request. */
export function applyGroupPatch(
  current: ScimGroupAttributes,
  operations: readonly GroupOperation[],
): { readonly outcome: "applied"; readonly group: ScimGroupAttributes } | ScimRefusal<"noTarget"> {
  let { displayName, externalId } = current;
  // A Set keeps the order of insertion and makes adding someone twice harmless.
  let members = new Set(current.memberIds);
  for (const operation of operations) {
    switch (operation.kind) {
      case "ignore":
        break;
      case "set":
        if (operation.attribute === "displayName") displayName = operation.value;
        else externalId = operation.value;
        break;
      case "addMembers":
        for (const id of operation.memberIds) members.add(id);
        break;
      case "replaceMembers":
        members = new Set(operation.memberIds);
        break;
      case "removeMembers":
        for (const id of operation.memberIds) {
          if (!members.delete(id) && operation.mustMatch) {
            return refuse("noTarget", `${JSON.stringify(id)} is not a member of this group`);
          }
        }
        break;
    }
  }
  return { outcome: "applied", group: { displayName, externalId, memberIds: [...members] } };
}

/** Who a PATCH added to a group and who it removed: what the route writes, instead of the whole membership. */
export function memberChanges(
  before: readonly string[],
  after: readonly string[],
): { readonly added: readonly string[]; readonly removed: readonly string[] } {
  const was = new Set(before);
  const is = new Set(after);
  return { added: after.filter((id) => !was.has(id)), removed: before.filter((id) => !is.has(id)) };
}

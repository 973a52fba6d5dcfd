import { describe, expect, it } from "vitest";
import { resourceTypesList, schemasList, serviceProviderConfig } from "./discovery.ts";
import { SCIM_ERROR_SCHEMA, scimRefusalAnswer, scimStatusAnswer } from "./errors.ts";
import { parseUserFilter } from "./filter.ts";
import { dana, USER_ID } from "./fixtures.ts";
import { parseUserPatch } from "./patch.ts";
import {
  GROUP_SCHEMA,
  LIST_RESPONSE_SCHEMA,
  readGroupBody,
  readPaging,
  readUserBody,
  USER_SCHEMA,
  userAttributesForCreate,
  userAttributesForReplace,
  writeGroupResource,
  writeListResponse,
  writeUserResource,
} from "./resources.ts";

const BASE = "https://precis.example/scim/v2";

/** Okta's create, as its SCIM 2.0 reference shows it: the password is a random placeholder. */
const oktaCreate = {
  schemas: [USER_SCHEMA],
  userName: "dana.ortiz@smithlaw.ca",
  name: { givenName: "Dana", familyName: "Ortiz" },
  emails: [{ primary: true, value: "dana.ortiz@smithlaw.ca", type: "work" }],
  displayName: "Dana Ortiz",
  locale: "en-CA",
  externalId: "00u1a2b3c4",
  groups: [],
  password: "1mz050nq",
  active: true,
};

/** Entra's create: the UPN as userName, its meta and roles beside the attributes. */
const entraCreate = {
  schemas: [USER_SCHEMA, "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
  externalId: "dortiz",
  userName: "dana.ortiz@smithlaw.ca",
  active: true,
  emails: [{ primary: true, type: "work", value: "dana.ortiz@smithlaw.ca" }],
  meta: { resourceType: "User" },
  name: { formatted: "Dana Ortiz", familyName: "Ortiz", givenName: "Dana" },
  roles: [],
};

describe("User bodies", () => {
  it("reads Okta's create and keeps nothing of its password placeholder or groups", () => {
    const read = readUserBody(oktaCreate);
    expect(read).toEqual({ outcome: "read", user: dana });
    expect(JSON.stringify(read)).not.toContain("1mz050nq");
  });

  it("reads Entra's create, ignoring its meta and roles", () => {
    expect(readUserBody(entraCreate)).toEqual({
      outcome: "read",
      user: { ...dana, externalId: "dortiz", displayName: null },
    });
  });

  it("reads Okta's full PUT without active as keeping the current active", () => {
    const { active: _, ...withoutActive } = oktaCreate;
    const read = readUserBody({ ...withoutActive, id: USER_ID }, USER_ID);
    if (read.outcome !== "read") throw new Error("refused");
    expect(read.user.active).toBeUndefined();
    expect(userAttributesForReplace({ ...dana, active: false }, read.user)).toEqual({ ...dana, active: false });
    expect(userAttributesForReplace(dana, read.user)).toEqual(dana);
    expect(userAttributesForCreate(read.user)).toEqual(dana);
  });

  it("reads a PUT that deactivates (Okta's custom apps), with active as a boolean or Entra's strings", () => {
    for (const [sent, active] of [
      [false, false],
      ["False", false],
      ["true", true],
      ["TRUE", true],
    ] as const) {
      const read = readUserBody({ ...oktaCreate, active: sent }, USER_ID);
      if (read.outcome !== "read") throw new Error("refused");
      expect(userAttributesForReplace(dana, read.user).active).toBe(active);
    }
  });

  it("chooses the work address, else the primary one, else the first", () => {
    const emails = (entries: unknown[]) => {
      const read = readUserBody({ ...oktaCreate, emails: entries });
      return read.outcome === "read" ? read.user.workEmail : read;
    };
    expect(
      emails([
        { value: "home@x.ca", type: "home", primary: true },
        { value: "work@x.ca", type: "Work" },
      ]),
    ).toBe("work@x.ca");
    expect(
      emails([
        { value: "a@x.ca", type: "home" },
        { value: "b@x.ca", type: "other", primary: "True" },
      ]),
    ).toBe("b@x.ca");
    expect(emails([{ value: "a@x.ca" }, { value: "b@x.ca" }])).toBe("a@x.ca");
    expect(emails([])).toBeNull();
  });

  it("reads attribute names in any case", () => {
    const read = readUserBody({
      Schemas: [USER_SCHEMA],
      USERNAME: "a@b.ca",
      Name: { GIVENNAME: "A" },
      Active: "False",
    });
    expect(read).toEqual({
      outcome: "read",
      user: {
        userName: "a@b.ca",
        externalId: null,
        givenName: "A",
        familyName: null,
        displayName: null,
        active: false,
        workEmail: null,
      },
    });
  });

  it("makes empty strings unassigned", () => {
    const read = readUserBody({
      ...oktaCreate,
      externalId: "",
      displayName: "",
      name: { givenName: "", familyName: null },
    });
    expect(read).toMatchObject({ user: { externalId: null, displayName: null, givenName: null, familyName: null } });
  });

  it.each([
    ["a body that is not an object", [], "invalidSyntax"],
    ["no schemas", { userName: "a@b" }, "invalidSyntax"],
    ["the Group schema only", { ...oktaCreate, schemas: [GROUP_SCHEMA] }, "invalidSyntax"],
    ["no userName", { schemas: [USER_SCHEMA] }, "invalidValue"],
    ["an empty userName", { ...oktaCreate, userName: "" }, "invalidValue"],
    ["a userName that is a number", { ...oktaCreate, userName: 7 }, "invalidValue"],
    ["active as yes", { ...oktaCreate, active: "yes" }, "invalidValue"],
    ["active as 0", { ...oktaCreate, active: 0 }, "invalidValue"],
    ["a name that is a string", { ...oktaCreate, name: "Dana" }, "invalidValue"],
    ["an address that is not one", { ...oktaCreate, emails: [{ value: "dana", type: "work" }] }, "invalidValue"],
    ["emails that are an object", { ...oktaCreate, emails: { value: "a@b" } }, "invalidValue"],
    ["an overlong displayName", { ...oktaCreate, displayName: "a".repeat(257) }, "invalidValue"],
  ])("refuses %s", (_, body, scimType) => {
    expect(readUserBody(body)).toMatchObject({ outcome: "refused", scimType });
  });

  it("ignores an id on create, and refuses another resource's id on replace", () => {
    expect(readUserBody({ ...oktaCreate, id: "anything" })).toMatchObject({ outcome: "read" });
    expect(readUserBody({ ...oktaCreate, id: "another" }, USER_ID)).toMatchObject({ scimType: "mutability" });
  });
});

describe("Group bodies", () => {
  it("reads Okta's Push Groups create", () => {
    expect(readGroupBody({ schemas: [GROUP_SCHEMA], displayName: "Litigation", members: [] })).toEqual({
      outcome: "read",
      group: { displayName: "Litigation", externalId: null, memberIds: [] },
    });
  });

  it("reads Entra's create with its own schema beside the core one, its externalId and meta", () => {
    const body = {
      schemas: [GROUP_SCHEMA, "http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group"],
      externalId: "8f1c2d3e",
      displayName: "Partners",
      meta: { resourceType: "Group" },
    };
    expect(readGroupBody(body)).toEqual({
      outcome: "read",
      group: { displayName: "Partners", externalId: "8f1c2d3e", memberIds: [] },
    });
  });

  it("keeps a member named twice once", () => {
    const body = {
      schemas: [GROUP_SCHEMA],
      displayName: "X",
      members: [{ value: "a" }, { value: "b" }, { value: "a" }],
    };
    expect(readGroupBody(body)).toMatchObject({ group: { memberIds: ["a", "b"] } });
  });

  it.each([
    ["no displayName", { schemas: [GROUP_SCHEMA] }, "invalidValue"],
    ["the User schema", { schemas: [USER_SCHEMA], displayName: "X" }, "invalidSyntax"],
    [
      "a member with no value",
      { schemas: [GROUP_SCHEMA], displayName: "X", members: [{ display: "a" }] },
      "invalidValue",
    ],
    ["members that are not an array", { schemas: [GROUP_SCHEMA], displayName: "X", members: "a" }, "invalidValue"],
  ])("refuses %s", (_, body, scimType) => {
    expect(readGroupBody(body)).toMatchObject({ outcome: "refused", scimType });
  });
});

describe("resources and lists", () => {
  const created = new Date("2026-11-02T14:05:00.000Z");
  const lastModified = new Date("2026-11-30T09:41:12.000Z");

  it("writes a User with its meta, and leaves unassigned attributes out", () => {
    expect(writeUserResource({ ...dana, id: USER_ID, created, lastModified }, BASE)).toEqual({
      schemas: [USER_SCHEMA],
      id: USER_ID,
      externalId: "00u1a2b3c4",
      userName: "dana.ortiz@smithlaw.ca",
      name: { givenName: "Dana", familyName: "Ortiz", formatted: "Dana Ortiz" },
      displayName: "Dana Ortiz",
      emails: [{ value: "dana.ortiz@smithlaw.ca", type: "work", primary: true }],
      active: true,
      meta: {
        resourceType: "User",
        created: "2026-11-02T14:05:00.000Z",
        lastModified: "2026-11-30T09:41:12.000Z",
        location: `${BASE}/Users/${USER_ID}`,
      },
    });
    const bare = writeUserResource(
      {
        ...dana,
        externalId: null,
        givenName: null,
        familyName: null,
        displayName: null,
        workEmail: null,
        active: false,
        id: USER_ID,
        created,
        lastModified,
      },
      BASE,
    );
    expect(Object.keys(bare)).toEqual(["schemas", "id", "userName", "active", "meta"]);
    expect(bare.active).toBe(false);
  });

  it("writes a Group with its members, or without them when members are excluded", () => {
    const group = {
      id: "g1",
      displayName: "Litigation",
      externalId: null,
      members: [{ id: USER_ID, display: "Dana Ortiz" }],
      created,
      lastModified,
    };
    expect(writeGroupResource(group, BASE, { withMembers: true })).toEqual({
      schemas: [GROUP_SCHEMA],
      id: "g1",
      displayName: "Litigation",
      members: [{ value: USER_ID, $ref: `${BASE}/Users/${USER_ID}`, display: "Dana Ortiz" }],
      meta: {
        resourceType: "Group",
        created: created.toISOString(),
        lastModified: lastModified.toISOString(),
        location: `${BASE}/Groups/g1`,
      },
    });
    expect(writeGroupResource(group, BASE, { withMembers: false })).not.toHaveProperty("members");
  });

  it("writes a ListResponse whose numbers are numbers, itemsPerPage the page's size", () => {
    expect(writeListResponse([{ id: "a" }, { id: "b" }], 7, 3)).toEqual({
      schemas: [LIST_RESPONSE_SCHEMA],
      totalResults: 7,
      startIndex: 3,
      itemsPerPage: 2,
      Resources: [{ id: "a" }, { id: "b" }],
    });
    // Entra's probe for a random user, and Okta's "no match": an empty list.
    expect(writeListResponse([], 0, 1)).toMatchObject({ totalResults: 0, itemsPerPage: 0, Resources: [] });
  });
});

describe("paging", () => {
  it("reads Okta's probe, startIndex=1&count=2, and its import page", () => {
    expect(readPaging({ startIndex: "1", count: "2" })).toEqual({ startIndex: 1, count: 2 });
    expect(readPaging({ startIndex: "1", count: "100" })).toEqual({ startIndex: 1, count: 100 });
  });

  it("defaults, and bounds what is out of range", () => {
    expect(readPaging({})).toEqual({ startIndex: 1, count: 100 });
    expect(readPaging({ startIndex: "0", count: "1000" })).toEqual({ startIndex: 1, count: 100 });
    expect(readPaging({ startIndex: "-5", count: "-1" })).toEqual({ startIndex: 1, count: 0 });
    expect(readPaging({ count: "0" })).toEqual({ startIndex: 1, count: 0 });
  });

  it("refuses what is not an integer", () => {
    for (const value of ["a", "1.5", "1e3", " 1", "9".repeat(20)]) {
      expect(readPaging({ count: value })).toMatchObject({ scimType: "invalidValue" });
      expect(readPaging({ startIndex: value })).toMatchObject({ scimType: "invalidValue" });
    }
  });
});

describe("discovery", () => {
  it("says what Precis supports, and no more", () => {
    const config = serviceProviderConfig(BASE, "https://precis.example/docs/enterprise-sign-in");
    expect(config).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      documentationUri: "https://precis.example/docs/enterprise-sign-in",
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: 100 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: "oauthbearertoken", primary: true }],
      meta: { resourceType: "ServiceProviderConfig", location: `${BASE}/ServiceProviderConfig` },
    });
  });

  it("lists the User and Group resource types and schemas", () => {
    const types = resourceTypesList(BASE);
    expect(types).toMatchObject({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 2, itemsPerPage: 2 });
    expect(types.Resources).toEqual([
      expect.objectContaining({
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
        id: "User",
        endpoint: "/Users",
        schema: USER_SCHEMA,
        meta: { resourceType: "ResourceType", location: `${BASE}/ResourceTypes/User` },
      }),
      expect.objectContaining({ id: "Group", endpoint: "/Groups", schema: GROUP_SCHEMA }),
    ]);
    const schemas = schemasList(BASE);
    expect(schemas.Resources.map((schema) => schema.id)).toEqual([USER_SCHEMA, GROUP_SCHEMA]);
    const userName = schemas.Resources[0]?.attributes.find((attribute) => attribute.name === "userName");
    expect(userName).toMatchObject({ required: true, caseExact: false, uniqueness: "server", mutability: "readWrite" });
    expect(schemas.Resources[0]?.meta.location).toBe(`${BASE}/Schemas/${USER_SCHEMA}`);
  });
});

describe("SCIM errors", () => {
  it("writes each refusal in the RFC's shape, its status a string", () => {
    const filter = parseUserFilter('userName co "a"');
    if (filter.outcome !== "refused") throw new Error("parsed");
    expect(scimRefusalAnswer(filter)).toEqual({
      statusCode: 400,
      body: { schemas: [SCIM_ERROR_SCHEMA], status: "400", scimType: "invalidFilter", detail: filter.detail },
    });
    const patch = parseUserPatch({ schemas: [], Operations: [] }, USER_ID);
    if (patch.outcome !== "refused") throw new Error("parsed");
    expect(scimRefusalAnswer(patch).body).toMatchObject({ status: "400", scimType: "invalidSyntax" });
  });

  it("answers a clash as 409 uniqueness, and the statuses without a scimType alone", () => {
    expect(
      scimRefusalAnswer({
        outcome: "refused",
        scimType: "uniqueness",
        detail: "userName is already provisioned in this firm",
      }),
    ).toEqual({
      statusCode: 409,
      body: {
        schemas: [SCIM_ERROR_SCHEMA],
        status: "409",
        scimType: "uniqueness",
        detail: "userName is already provisioned in this firm",
      },
    });
    expect(scimStatusAnswer(404, "no such user")).toEqual({
      statusCode: 404,
      body: { schemas: [SCIM_ERROR_SCHEMA], status: "404", detail: "no such user" },
    });
  });
});

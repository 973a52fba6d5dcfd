/*
 * The discovery documents (RFC 7643 §5–7, RFC 7644 §4): what an identity provider may ask of Precis. They say no
 * more than Precis does: PATCH yes; filters yes, of the kind filter.ts reads; bulk, sort, ETags and password
 * changes no; one authentication scheme, the firm's bearer token.
 */
import { GROUP_SCHEMA, MAX_RESULTS, USER_SCHEMA, writeListResponse } from "./resources.ts";

const SERVICE_PROVIDER_CONFIG_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
const RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

/** `GET /ServiceProviderConfig`; `baseUrl` is the SCIM base address with no slash at its end. */
export function serviceProviderConfig(baseUrl: string, documentationUri: string) {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "OAuth Bearer Token",
        description: "A token created in Precis, firm settings, Enterprise sign-in",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${baseUrl}/ServiceProviderConfig` },
  };
}

/** Each resource type, as `GET /ResourceTypes/{id}` answers it. */
export function resourceTypes(baseUrl: string) {
  return [
    { id: "User", name: "User", endpoint: "/Users", description: "A person of the firm", schema: USER_SCHEMA },
    {
      id: "Group",
      name: "Group",
      endpoint: "/Groups",
      description: "A group of the firm's people",
      schema: GROUP_SCHEMA,
    },
  ].map((type) => ({
    schemas: [RESOURCE_TYPE_SCHEMA],
    ...type,
    meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/${type.id}` },
  }));
}

type Attribute = {
  readonly name: string;
  readonly type: "string" | "boolean" | "complex" | "reference";
  readonly multiValued: boolean;
  readonly required: boolean;
  readonly caseExact: boolean;
  readonly mutability: "readWrite" | "immutable";
  readonly returned: "default";
  readonly uniqueness: "none" | "server";
  readonly subAttributes?: readonly Attribute[];
  readonly referenceTypes?: readonly string[];
};

const attribute = (
  name: string,
  type: Attribute["type"],
  options: Partial<Omit<Attribute, "name" | "type">> = {},
): Attribute => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...options,
});

const USER_ATTRIBUTES: readonly Attribute[] = [
  attribute("userName", "string", { required: true, uniqueness: "server" }),
  attribute("name", "complex", {
    subAttributes: [
      attribute("givenName", "string"),
      attribute("familyName", "string"),
      attribute("formatted", "string"),
    ],
  }),
  attribute("displayName", "string"),
  attribute("emails", "complex", {
    multiValued: true,
    subAttributes: [attribute("value", "string"), attribute("type", "string"), attribute("primary", "boolean")],
  }),
  attribute("active", "boolean"),
  attribute("externalId", "string", { caseExact: true }),
];

const GROUP_ATTRIBUTES: readonly Attribute[] = [
  attribute("displayName", "string", { required: true }),
  attribute("externalId", "string", { caseExact: true }),
  attribute("members", "complex", {
    multiValued: true,
    subAttributes: [
      attribute("value", "string", { caseExact: true, mutability: "immutable" }),
      attribute("display", "string", { mutability: "immutable" }),
      attribute("$ref", "reference", { caseExact: true, mutability: "immutable", referenceTypes: ["User"] }),
    ],
  }),
];

/** Each schema, as `GET /Schemas/{id}` answers it: the attributes Precis keeps, and no others. */
export function schemas(baseUrl: string) {
  return [
    { id: USER_SCHEMA, name: "User", description: "A person of the firm", attributes: USER_ATTRIBUTES },
    { id: GROUP_SCHEMA, name: "Group", description: "A group of the firm's people", attributes: GROUP_ATTRIBUTES },
  ].map((schema) => ({
    schemas: [SCHEMA_SCHEMA],
    ...schema,
    meta: { resourceType: "Schema", location: `${baseUrl}/Schemas/${schema.id}` },
  }));
}

/** `GET /ResourceTypes`. */
export const resourceTypesList = (baseUrl: string) => {
  const documents = resourceTypes(baseUrl);
  return writeListResponse(documents, documents.length, 1);
};

/** `GET /Schemas`. */
export const schemasList = (baseUrl: string) => {
  const documents = schemas(baseUrl);
  return writeListResponse(documents, documents.length, 1);
};

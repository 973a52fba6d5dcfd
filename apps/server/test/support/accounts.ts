import { eq } from "drizzle-orm";
import { users } from "../../src/db/schema/index.ts";
import { basicAuth, readSession, type TestServer, verifyEmailThroughApi, xhrHeaders } from "../harness.ts";

/** The password the test accounts register with: one the rules accept. */
export const TEST_PASSWORD = "Tribunal2024x";

/** The cookie and access key of a signed-in browser. */
export type Session = ReturnType<typeof readSession>;

export interface RegistrationOptions {
  password?: string;
  /** More of the registration body (first name, role…). */
  details?: Record<string, unknown>;
  /** More request headers (a user agent, a forwarded client address…). */
  headers?: Record<string, string>;
  /** The socket's address, as a trusted proxy would be. */
  remoteAddress?: string;
  /** Also prove the address with the code it was emailed, as an owner who read their mail has. */
  isVerified?: boolean;
}

/**
 * Posts `payload` to the registration route as the browser app does, and answers with whatever the server said
 * (status, body, cookies): for the tests of registration itself, which send what the app never would.
 */
export const postRegistration = (
  server: TestServer,
  payload: object,
  { headers = {}, remoteAddress }: Pick<RegistrationOptions, "headers" | "remoteAddress"> = {},
) =>
  server.app.inject({
    method: "POST",
    url: "/api/register",
    headers: { ...xhrHeaders, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
    payload,
  });

/**
 * Registers `email` through the API as the browser app does, and fails the test at once when it is refused:
 * the account's first session, and the answer itself for what else it set (the device cookie).
 */
export async function registerAccount(
  server: TestServer,
  email: string,
  { password = TEST_PASSWORD, details = {}, headers = {}, remoteAddress, isVerified = false }: RegistrationOptions = {},
) {
  const response = await postRegistration(server, { email, password, ...details }, { headers, remoteAddress });
  if (response.statusCode !== 200)
    throw new Error(`registering ${email} failed: ${response.statusCode} ${response.body}`);
  const session = readSession(response);
  if (isVerified) await verifyEmailThroughApi(server, email, session);
  return { email, session, response };
}

let accountCount = 0;

/** An address no other account of the file has: `label` says whose it is in a failure. */
export const uniqueEmail = (label = "person") => `${label}${++accountCount}@example.ca`;

/**
 * The test factory's account: registered as the browser app does (see registerAccount), at a fresh address
 * unless one is given, with its user id for the tests that read or write its rows.
 */
export async function createAccount(
  server: TestServer,
  { email, label, ...options }: RegistrationOptions & { email?: string; label?: string } = {},
) {
  const registered = await registerAccount(server, email ?? uniqueEmail(label), options);
  const [user] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, registered.email.toLowerCase()));
  if (!user) throw new Error(`registering ${registered.email} saved no user`);
  return { ...registered, userId: user.id };
}

/** Logs in with HTTP Basic as the browser app does (through a proxy at `remoteAddress`); the answer, whatever it is. */
export const logIn = (
  server: TestServer,
  email: string,
  password = TEST_PASSWORD,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  server.app.inject({
    method: "POST",
    url: "/api/login",
    headers: { ...xhrHeaders, authorization: basicAuth(email, password), ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Signs `email` in with its password as the browser app does, and fails the test at once when refused: the new session. */
export async function signIn(server: TestServer, email: string, password = TEST_PASSWORD): Promise<Session> {
  const response = await logIn(server, email, password);
  if (response.statusCode !== 200)
    throw new Error(`signing ${email} in failed: ${response.statusCode} ${response.body}`);
  return readSession(response);
}

/** A signed-in POST, as the browser app sends it: the XHR marker, the session's cookie and key when given. */
export const postAs = (
  server: TestServer,
  url: string,
  session: Session | null,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method: "POST",
    url,
    headers: { ...xhrHeaders, ...(session?.headers ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

export interface ProxiedRequest {
  method: "GET" | "POST" | "DELETE";
  url: string;
  /** The client's address, as the trusted proxy forwards it. */
  from: string;
  /** The trusted proxy's own address: the request's socket. */
  proxy: string;
  session?: Session | null;
  authorization?: string;
  payload?: object;
  /** A cookie of the browser's (its device cookie) sent on its own, or over the session's. */
  cookie?: string;
}

/** A request of the browser app that reached the server through the trusted proxy, from the client at `from`. */
export const sendThroughProxy = (
  server: TestServer,
  { method, url, from, proxy, session, authorization, payload, cookie }: ProxiedRequest,
) =>
  server.app.inject({
    method,
    url,
    headers: {
      ...xhrHeaders,
      "x-forwarded-for": from,
      ...(session?.headers ?? {}),
      ...(cookie ? { cookie } : {}),
      ...(authorization ? { authorization } : {}),
    },
    remoteAddress: proxy,
    ...(payload === undefined ? {} : { payload }),
  });

/** Whether the session still signs its browser in. */
export const isSignedIn = async (server: TestServer, session: Session) =>
  (await server.app.inject({ method: "GET", url: "/api/user-details", headers: session.headers })).json()
    .userProfile !== null;

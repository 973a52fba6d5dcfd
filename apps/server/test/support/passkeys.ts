import type { TestServer } from "../harness.ts";
import { createSoftwareAuthenticator } from "../software-authenticator.ts";
import { postAs, type Session } from "./accounts.ts";

/**
 * Adds a passkey of a new software authenticator (for the site at `origin`) to the account of `session`, as its
 * owner does after the server's challenge. Fails the test at once when refused; the authenticator and the passkey.
 */
export async function addPasskey(
  server: TestServer,
  session: Session,
  { origin, name, headers = {} }: { origin: string; name: string; headers?: Record<string, string> },
) {
  const authenticator = createSoftwareAuthenticator(origin);
  const options = (await postAs(server, "/api/passkeys/registration-options", session, undefined, headers)).json();
  const added = await postAs(
    server,
    "/api/passkeys",
    session,
    { name, response: authenticator.register(options) },
    headers,
  );
  if (added.statusCode !== 200) throw new Error(`adding a passkey failed: ${added.statusCode} ${added.body}`);
  return { authenticator, passkey: added.json() };
}

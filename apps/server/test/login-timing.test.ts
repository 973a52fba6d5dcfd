import { describe, expect, it, vi } from "vitest";
import { verifyPassword } from "../src/modules/auth/passwords.ts";
import { emulatorEnv, emulatorToken } from "./emulator-tokens.ts";
import { basicAuth, xhrHeaders } from "./harness.ts";
import { useTestServer } from "./support/test-server.ts";

// The real verification, watched: which hashes a login checks is the behaviour under test, not its speed. The
// server's files share their worker's modules (vitest.config.ts: isolate false), so this file forgets those an
// earlier file loaded, and its own imports load afresh with the watched verification in place.
vi.hoisted(() => vi.resetModules());
vi.mock("../src/modules/auth/passwords.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/modules/auth/passwords.ts")>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const server = useTestServer({ env: emulatorEnv });

describe("a wrong password on an account without one", () => {
  it("costs an argon2id verification with the same parameters, so timing does not reveal the kind of account", async () => {
    const email = "google.only@example.ca";
    const registered = await server.app.inject({
      method: "POST",
      url: "/api/sso/register",
      headers: { ...xhrHeaders, authorization: basicAuth(email, emulatorToken(email, new Date())) },
      payload: { email, role: "lawyer" },
    });
    expect(registered.statusCode).toBe(200);
    vi.mocked(verifyPassword).mockClear();

    const login = await server.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "Guessing2024x") },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().Error).toBe("badPassword");
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(1);
    const [checkedHash] = vi.mocked(verifyPassword).mock.calls[0] ?? [];
    expect(checkedHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

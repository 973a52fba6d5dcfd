import { firmOperations } from "@precis/contract/firms";
import { describe, expect, it, vi } from "vitest";
import { callTo } from "../src/call.ts";
import { createApiClient } from "../src/index.ts";

function clientAnswering(status: number, body: unknown) {
  const fetchStandIn = vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
  const client = createApiClient({
    apiBaseUrl: "https://portal.example/api",
    credentials: { mode: "cookie" },
    fetch: fetchStandIn,
  });
  const lastRequest = () => {
    const [url, init = {}] = fetchStandIn.mock.calls.at(-1) ?? [];
    return { url: String(url), method: init.method, body: init.body };
  };
  return { client, lastRequest };
}

const firm = {
  id: 7,
  name: "Tremblay Avocats",
  role: "admin",
  policies: { matterCodes: "optional", matterMask: "NNNN-NNN", requireTwoStep: false, signInMethods: ["password"] },
  memberCount: 3,
  createdAt: "2026-11-22T12:00:00.000Z",
};

describe("a call to an operation of the contract", () => {
  it("reads the answer through the operation's own schema, and reports a body out of step as an invalid response", async () => {
    const { client } = clientAnswering(200, { firm });
    const result = await client.request(callTo(firmOperations.getFirm));
    expect(result.ok && result.data.firm?.role).toBe("admin");
    const wrong = await clientAnswering(200, { firm: { ...firm, role: "partner" } }).client.request(
      callTo(firmOperations.getFirm),
    );
    expect(wrong.ok ? "ok" : wrong.kind).toBe("invalid-response");
  });

  it("fills and encodes its path parameters, sends its body, and adds the query without undefined values", async () => {
    const { client, lastRequest } = clientAnswering(404, { statusCode: 404, error: "Not Found", message: "No." });
    const refused = await client.request(
      callTo(firmOperations.changeFirmMemberRole, { parameters: { userId: "12" }, body: { role: "admin" } }),
    );
    expect(lastRequest()).toMatchObject({ url: "https://portal.example/api/firm/members/12", method: "PATCH" });
    expect(JSON.parse(String(lastRequest().body))).toEqual({ role: "admin" });
    expect(refused.ok ? null : refused.status).toBe(404);
    await client.request(callTo(firmOperations.removeFirmDomain, { parameters: { domain: "a/b" } }));
    expect(lastRequest()).toMatchObject({ url: "https://portal.example/api/firm/domains/a%2Fb", method: "DELETE" });
    await client.request(callTo(firmOperations.getFirmAudit, { query: { before: 40, limit: 20 } }));
    expect(lastRequest().url).toBe("https://portal.example/api/firm/audit?before=40&limit=20");
    await client.request(callTo(firmOperations.getFirmAudit, { query: { before: undefined } }));
    expect(lastRequest().url).toBe("https://portal.example/api/firm/audit");
  });

  it("refuses to build a path without its parameter", () => {
    expect(() => callTo(firmOperations.removeFirmDomain)).toThrow('needs the parameter "domain"');
  });
});

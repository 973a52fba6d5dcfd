import { describe, expect, it, vi } from "vitest";
import { changeFirmMemberRole, getFirm, getFirmAudit, removeFirmDomain, updateFirmDomain } from "../src/firms.ts";
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

describe("the firm operations", () => {
  it("read the caller's firm through its schema, and report a body out of step as an invalid response", async () => {
    const { client } = clientAnswering(200, { firm });
    const result = await client.request(getFirm());
    expect(result.ok && result.data.firm?.role).toBe("admin");
    const wrong = await clientAnswering(200, { firm: { ...firm, role: "partner" } }).client.request(getFirm());
    expect(wrong.ok ? "ok" : wrong.kind).toBe("invalid-response");
  });

  it("fill and encode their path parameters, and send the audit page as a query", async () => {
    const { client, lastRequest } = clientAnswering(404, { statusCode: 404, error: "Not Found", message: "No." });
    const refused = await client.request(changeFirmMemberRole(12, "admin"));
    expect(lastRequest()).toMatchObject({ url: "https://portal.example/api/firm/members/12", method: "PATCH" });
    expect(JSON.parse(String(lastRequest().body))).toEqual({ role: "admin" });
    expect(refused.ok ? null : refused.status).toBe(404);
    await client.request(updateFirmDomain("firm.ca", "automatic"));
    expect(lastRequest().url).toBe("https://portal.example/api/firm/domains/firm.ca");
    await client.request(removeFirmDomain("a/b"));
    expect(lastRequest().url).toBe("https://portal.example/api/firm/domains/a%2Fb");
    await client.request(getFirmAudit({ before: 40, limit: 20 }));
    expect(lastRequest().url).toBe("https://portal.example/api/firm/audit?before=40&limit=20");
    await client.request(getFirmAudit());
    expect(lastRequest().url).toBe("https://portal.example/api/firm/audit");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiRefusal } from "@/test-support/api-refusal";
import { getFirmFailure, knownFirmRefusals } from "./firm-errors";

/** Every refusal text the firm module can answer, read from its source: the server's side of what this maps. */
function serverRefusalTexts() {
  const folder = new URL("../../../../../server/src/modules/firms/", import.meta.url);
  const texts = new Set<string>();
  // One table words every refusal (responses.ts); every other file of the module is read too, so that a text written
  // anywhere else again would be caught (a fixed list went stale when the services were split).
  const files = readdirSync(folder).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
  for (const file of files) {
    const source = readFileSync(new URL(file, folder), "utf8");
    for (const match of source.matchAll(/(?:FirmRefusal|apiFailure)\(\s*\d{3},\s*"([^"]+)"/g))
      texts.add(match[1] ?? "");
    // Texts given through a constant or a ternary, and the rate limits' own.
    for (const match of source.matchAll(/(?:[A-Z_]+ =|\?|:|message:)\s*\n?\s*"([A-Z][^"]+\.)"/g)) {
      texts.add(match[1] ?? "");
    }
  }
  return [...texts].filter((text) => !text.startsWith("is ") && text.length > 20);
}

describe("getFirmFailure", () => {
  it("knows every refusal the firm module words, so a French reader gets each in French", () => {
    const texts = serverRefusalTexts();
    expect(texts.length).toBeGreaterThan(15);
    expect(texts.filter((text) => !(text in knownFirmRefusals))).toEqual([]);
  });

  it("maps a known text to its key, whatever its status", () => {
    expect(getFirmFailure(apiRefusal(409, "Another firm has already added this domain.")).key).toBe("domainTaken");
    expect(getFirmFailure(apiRefusal(409, "Your firm has already added this domain.")).key).toBe("domainAlreadyYours");
    expect(getFirmFailure(apiRefusal(410, "This invitation has expired. Ask the firm to send it again.")).key).toBe(
      "invitationExpired",
    );
  });

  it("falls back on the status, or the unverified address's field, for a text it does not know", () => {
    expect(getFirmFailure(apiRefusal(403, "Reworded.", ["emailVerification"])).key).toBe("emailNotVerified");
    expect(getFirmFailure(apiRefusal(403, "Reworded.")).key).toBe("forbidden");
    expect(getFirmFailure(apiRefusal(409, "Reworded.")).key).toBe("conflict");
    expect(getFirmFailure(apiRefusal(410, "Reworded.")).key).toBe("invitationExpired");
    expect(getFirmFailure(apiRefusal(500, "Reworded.")).key).toBe("unknown");
  });

  it("maps seats and billing's refusals to the catalogue's billing texts, the member count's by its field", () => {
    expect(
      getFirmFailure(
        apiRefusal(409, "Every seat of this firm is taken. Ask the firm's owner to add seats, then try again.", [
          "seats",
        ]),
      ).key,
    ).toBe("seatsFullForJoin");
    expect(getFirmFailure(apiRefusal(503, "Payments are not configured on this server.")).key).toBe(
      "paymentsNotConfigured",
    );
    expect(
      getFirmFailure(apiRefusal(400, "Buy at least 4 seats: one for each member of your firm.", ["seats"])).key,
    ).toBe("tooFewSeats");
  });

  it("knows the missing DNS proof by its field, since its text names the domain", () => {
    const text =
      "Prove that cabinet.ca is your firm's before people there can join without an invitation: publish the DNS record shown under Domains, then choose Check now.";
    expect(getFirmFailure(apiRefusal(409, text, ["body.joinMode"])).key).toBe("domainNotProven");
    expect(getFirmFailure(apiRefusal(409, text)).key).toBe("conflict");
  });

  it("keeps how long to wait after too many invitations", () => {
    const failure = getFirmFailure(
      apiRefusal(429, "Too many invitations were sent. Please wait and try again later.", [], 120),
    );
    expect(failure).toEqual({ key: "tooManyInvitations", retryAfterSeconds: 120 });
    expect(getFirmFailure(apiRefusal(429, "Too many attempts. Please wait an hour and try again.", [], null))).toEqual({
      key: "tooManyAttempts",
      retryAfterSeconds: null,
    });
  });

  it("tells a failed connection apart from anything else", () => {
    expect(getFirmFailure(new TypeError("Failed to fetch")).key).toBe("network");
    expect(getFirmFailure(new Error("boom")).key).toBe("unknown");
  });
});

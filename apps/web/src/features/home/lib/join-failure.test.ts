import { describe, expect, it } from "vitest";
import { apiRefusal } from "@/test-support/api-refusal";
import { getJoinFailure } from "./join-failure";

describe("getJoinFailure", () => {
  it("knows the server's join refusals by their text", () => {
    expect(
      getJoinFailure(
        apiRefusal(409, "Every seat of this firm is taken. Ask the firm's owner to add seats, then try again."),
      ),
    ).toBe("seatsFull");
    expect(
      getJoinFailure(apiRefusal(409, "You already belong to a firm. Leave it before you create or join another.")),
    ).toBe("alreadyInFirm");
    expect(getJoinFailure(apiRefusal(403, "Verify your email address first."))).toBe("emailNotVerified");
  });

  it("reads a firm that no longer suggests itself from the refused firmId, whatever the domain in the text", () => {
    expect(
      getJoinFailure(apiRefusal(404, "This firm has not added a.ca, the domain of your email address.", ["firmId"])),
    ).toBe("noLongerSuggested");
    expect(
      getJoinFailure(
        apiRefusal(
          403,
          "This firm admits people at a.ca by invitation only. Ask its owners or administrators to invite you.",
          ["firmId"],
        ),
      ),
    ).toBe("noLongerSuggested");
  });

  it("falls back on the status, then on the kind of failure", () => {
    expect(getJoinFailure(apiRefusal(429, "Slow down"))).toBe("tooManyAttempts");
    expect(getJoinFailure(apiRefusal(409, "Something else"))).toBe("alreadyInFirm");
    expect(getJoinFailure(apiRefusal(400, "Something else"))).toBe("unknown");
    expect(getJoinFailure(new TypeError("Failed to fetch"))).toBe("network");
    expect(getJoinFailure(new Error("boom"))).toBe("unknown");
  });
});

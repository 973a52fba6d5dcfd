import { firmOperations } from "@precis/contract/firms";
import { mfaOperations } from "@precis/contract/mfa";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { answer, apiServer, refusal } from "@/test-support/api-server";
import { renderWithApp } from "@/test-support/render";
import { JoinFirmRoute } from "./join-firm-route";

const TOKEN = "invitation-token-0123456789abcdef";
const preview = { firmName: "Lovelace Law", inviterName: "Ada Lovelace", role: "admin" as const };
const GONE =
  "This invitation link is not valid: it has expired, or was already used, declined or withdrawn. Ask the firm for a new invitation.";

const renderJoin = (language: "en" | "fr", { isSignedIn = true } = {}) =>
  renderWithApp(<JoinFirmRoute />, {
    language,
    namespaces: ["firm"],
    path: `/firm/join?token=${TOKEN}`,
    ...(isSignedIn ? {} : { profile: null }),
  });

// Signed in, the screen's confirm-identity dialog reads the account's sign-in methods as it renders.
const passwordOnly = {
  hasPassword: true,
  totp: { isEnabled: false, enabledAt: null },
  recoveryCodesLeft: 0,
  passkeys: [],
};
beforeEach(() => apiServer.use(answer(mfaOperations.getMfaStatus, 200, passwordOnly)));

describe("JoinFirmRoute", () => {
  it("names the firm, the inviter and the role before joining, signed in, in English", async () => {
    apiServer.use(answer(firmOperations.previewFirmInvitation, 200, preview));
    await renderJoin("en");
    expect(await screen.findByRole("heading", { name: "Join Lovelace Law" })).toBeInTheDocument();
    expect(screen.getByText("Ada Lovelace invited you to join Lovelace Law as an administrator.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join the firm" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Decline" })).toBeInTheDocument();
  });

  it("names them signed out too, in French, beside logging in", async () => {
    apiServer.use(answer(firmOperations.previewFirmInvitation, 200, { ...preview, role: "member" }));
    await renderJoin("fr", { isSignedIn: false });
    expect(await screen.findByRole("heading", { name: "Rejoindre Lovelace Law" })).toBeInTheDocument();
    expect(
      screen.getByText("Ada Lovelace vous invite à rejoindre Lovelace Law en tant que membre."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Se connecter" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Décliner" })).toBeInTheDocument();
  });

  it("declines once confirmed, and says so", async () => {
    let declinedWith: unknown = null;
    apiServer.use(
      answer(firmOperations.previewFirmInvitation, 200, preview),
      answer(firmOperations.declineFirmInvitation, 200, { Status: "Success" }),
    );
    apiServer.events.on("request:start", async ({ request }) => {
      if (request.url.endsWith("/firm/invitations/decline")) declinedWith = await request.clone().json();
    });
    const { user } = await renderJoin("en", { isSignedIn: false });
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline the invitation to Lovelace Law?" });
    expect(dialog).toHaveTextContent("the person who invited you will be told by email");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(await screen.findByRole("heading", { name: "You declined the invitation" })).toHaveFocus();
    expect(screen.getByText(/You will not be added to Lovelace Law/)).toBeInTheDocument();
    expect(declinedWith).toEqual({ token: TOKEN });
    apiServer.events.removeAllListeners();
  });

  it("says an invitation is no longer open, whatever became of it, in French", async () => {
    apiServer.use(answer(firmOperations.previewFirmInvitation, 404, refusal(404, GONE)));
    await renderJoin("fr");
    expect(await screen.findByRole("heading", { name: "Cette invitation n’est plus ouverte" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Rejoindre le cabinet" })).not.toBeInTheDocument();
  });

  it("says a refusal other than a closed invitation, and asks again", async () => {
    apiServer.use(
      answer(
        firmOperations.previewFirmInvitation,
        429,
        refusal(429, "Too many attempts. Please wait an hour and try again."),
        { headers: { "retry-after": "600" } },
      ),
    );
    const { user } = await renderJoin("en");
    expect(await screen.findByText(/^Too many attempts\. Please try again in /)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "This invitation is no longer open" })).not.toBeInTheDocument();
    apiServer.use(answer(firmOperations.previewFirmInvitation, 200, preview));
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Join Lovelace Law" })).toBeInTheDocument();
  });
});

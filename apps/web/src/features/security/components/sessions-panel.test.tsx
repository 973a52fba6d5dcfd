import { mfaOperations } from "@precis/contract/mfa";
import { type AccountSession, sessionsOperations } from "@precis/contract/sessions";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { answer, apiServer, refusal } from "@/test-support/api-server";
import { renderInSecurityTab } from "./render-in-security-tab";
import { SessionsPanel } from "./sessions-panel";

const session = (id: number, overrides: Partial<AccountSession>): AccountSession => ({
  id,
  browser: "Chrome 131",
  system: "macOS 15",
  isExtension: false,
  ipAddress: "203.0.113.7",
  startedAt: "2026-03-04T12:00:00.000Z",
  lastActiveAt: "2026-03-05T12:00:00.000Z",
  isCurrent: false,
  ...overrides,
});
const thisBrowser = session(1, { isCurrent: true });
const otherBrowser = session(2, { browser: "Firefox 130", system: "Windows 11", ipAddress: null });

const renderPanel = (language: "en" | "fr" = "en") =>
  renderInSecurityTab(
    ({ confirmIdentityThen }) => <SessionsPanel confirmIdentityThen={confirmIdentityThen} />,
    language,
  );

/** The list's own rows (each holds a list of details too). */
const sessionRows = async (name: string) => {
  const list = await screen.findByRole("list", { name });
  return within(list)
    .getAllByRole("listitem")
    .filter((item) => item.parentElement === list);
};

// The tab's confirm-identity dialog reads the account's sign-in methods as the panel renders.
beforeEach(() =>
  apiServer.use(
    answer(mfaOperations.getMfaStatus, 200, {
      hasPassword: true,
      totp: { isEnabled: false, enabledAt: null },
      recoveryCodesLeft: 0,
      passkeys: [],
    }),
  ),
);

describe("SessionsPanel", () => {
  it("lists this device first and marked, the others each with a way to sign them out", async () => {
    apiServer.use(answer(sessionsOperations.getSessions, 200, { sessions: [otherBrowser, thisBrowser] }));
    await renderPanel();

    const [first, second] = await sessionRows("Sessions and devices");
    expect(first).toHaveTextContent("Chrome 131 on macOS 15");
    expect(first).toHaveTextContent("This device");
    expect(first).toHaveTextContent("IP address 203.0.113.7");
    expect(within(first as HTMLElement).queryByRole("button")).not.toBeInTheDocument();
    expect(second).toHaveTextContent("Firefox 130 on Windows 11");
    expect(second).not.toHaveTextContent("This device");
    expect(second).toHaveTextContent("IP address unknown");
    expect(
      within(second as HTMLElement).getByRole("button", { name: "Sign out Firefox 130 on Windows 11" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign out everywhere else" })).toBeEnabled();
  });

  it("signs another session out once confirmed, and says so", async () => {
    apiServer.use(answer(sessionsOperations.getSessions, 200, { sessions: [thisBrowser, otherBrowser] }));
    const { user } = await renderPanel();

    await user.click(await screen.findByRole("button", { name: "Sign out Firefox 130 on Windows 11" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign out Firefox 130 on Windows 11?" });
    apiServer.use(
      answer(sessionsOperations.revokeSession, 200, { Status: "Success" }),
      answer(sessionsOperations.getSessions, 200, { sessions: [thisBrowser] }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Sign out" }));

    expect(await screen.findByText("Firefox 130 on Windows 11 was signed out.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Firefox 130 on Windows 11")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();
  });

  it("keeps the dialog open with the failure when the sign-out is refused, in French", async () => {
    apiServer.use(
      answer(sessionsOperations.getSessions, 200, { sessions: [thisBrowser, otherBrowser] }),
      answer(sessionsOperations.revokeSession, 401, refusal(401, "Not logged in.")),
    );
    const { user } = await renderPanel("fr");

    await user.click(await screen.findByRole("button", { name: "Déconnecter Firefox 130 sur Windows 11" }));
    const dialog = await screen.findByRole("dialog", { name: "Déconnecter Firefox 130 sur Windows 11\u202f?" });
    await user.click(within(dialog).getByRole("button", { name: "Déconnecter" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "La session n’a pas pu être déconnectée. Veuillez réessayer.",
    );
    expect(screen.getByText("Cet appareil")).toBeInTheDocument();
  });
});

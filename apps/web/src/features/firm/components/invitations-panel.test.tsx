import { type FirmInvitation, firmOperations } from "@precis/contract/firms";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answer, apiServer, refusal } from "@/test-support/api-server";
import { renderWithApp } from "@/test-support/render";
import { InvitationsPanel } from "./invitations-panel";

const runAtOnce = <T,>(action: () => Promise<T>) => action();

const invitation = (id: number, email: string, overrides: Partial<FirmInvitation> = {}): FirmInvitation => ({
  id,
  email,
  role: "member",
  sentAt: "2026-03-04T12:00:00.000Z",
  expiresAt: "2026-03-18T12:00:00.000Z",
  isExpired: false,
  ...overrides,
});

const renderPanel = (language: "en" | "fr" = "en") =>
  renderWithApp(<InvitationsPanel confirmIdentityThen={runAtOnce} />, {
    language,
    namespaces: ["firm"],
    path: "/firm",
  });

describe("InvitationsPanel", () => {
  it("says when no invitation is waiting, and checks the address before sending", async () => {
    apiServer.use(answer(firmOperations.getFirmInvitations, 200, { invitations: [] }));
    const { user } = await renderPanel();

    expect(await screen.findByText("No invitation is waiting for an answer.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Please enter the email address to invite.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Email address" }), "not-an-address");
    expect(await screen.findByText("Please enter a valid email address.")).toBeInTheDocument();
  });

  it("lists the open invitations with their role and expiry, the expired ones marked", async () => {
    apiServer.use(
      answer(firmOperations.getFirmInvitations, 200, {
        invitations: [
          invitation(1, "grace@lovelace-law.ca", { role: "admin" }),
          invitation(2, "alan@lovelace-law.ca", { isExpired: true }),
        ],
      }),
    );
    await renderPanel();

    const list = await screen.findByRole("list", { name: "Pending invitations" });
    const [grace, alan] = within(list).getAllByRole("listitem");
    expect(grace).toHaveTextContent("grace@lovelace-law.ca");
    expect(grace).toHaveTextContent("Administrator");
    expect(grace).toHaveTextContent(/Expires Mar 18, 2026/);
    expect(grace).not.toHaveTextContent("Expired");
    expect(alan).toHaveTextContent("Expired");
    expect(alan).toHaveTextContent(/Expired Mar 18, 2026/);
    expect(
      within(alan as HTMLElement).getByRole("button", { name: "Revoke the invitation to alan@lovelace-law.ca" }),
    ).toBeInTheDocument();
  });

  it("says the server's refusal of an invitation in French", async () => {
    apiServer.use(
      answer(firmOperations.getFirmInvitations, 200, { invitations: [] }),
      answer(firmOperations.inviteToFirm, 409, refusal(409, "This person is already a member of your firm.")),
    );
    const { user } = await renderPanel("fr");

    await user.type(await screen.findByRole("textbox", { name: "Adresse courriel" }), "mary@lovelace-law.ca");
    await user.click(screen.getByRole("button", { name: "Envoyer l’invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Cette personne est déjà membre de votre cabinet.");
  });
});

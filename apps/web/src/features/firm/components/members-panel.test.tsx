import { type Firm, type FirmMember, firmOperations, firmSchema } from "@precis/contract/firms";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answer, apiServer, refusal } from "@/test-support/api-server";
import { renderWithApp } from "@/test-support/render";
import { MembersPanel } from "./members-panel";

const runAtOnce = <T,>(action: () => Promise<T>) => action();

/** The firm as `GET /api/firm` answers it (the page reads it before its tabs), checked against the contract. */
const firm = (role: Firm["role"]): Firm =>
  firmSchema.parse({
    id: 1,
    name: "Lovelace Law",
    role,
    policies: { matterCodes: "off", matterMask: null, requireTwoStep: false, signInMethods: ["password"] },
    memberCount: 3,
    createdAt: "2026-01-01T12:00:00.000Z",
  });
const member = (
  userId: number,
  name: string,
  role: FirmMember["role"],
  email: string,
  compliance: Partial<FirmMember> = {},
): FirmMember => ({
  userId,
  name,
  role,
  email,
  joinedAt: "2026-03-04T12:00:00.000Z",
  hasSecondStep: false,
  lastSignInDay: null,
  hasSeat: null,
  ...compliance,
});
const members = [
  member(1, "Ada Lovelace", "owner", "ada@lovelace-law.ca"),
  member(2, "Charles Babbage", "owner", "charles@lovelace-law.ca"),
  member(3, "Mary Somerville", "member", "mary@lovelace-law.ca"),
];
/** The same members as issue 56's list shows who complies: second step, last sign-in day, seat. */
const complying = [
  member(1, "Ada Lovelace", "owner", "ada@lovelace-law.ca", {
    hasSecondStep: true,
    lastSignInDay: "2026-11-30",
    hasSeat: true,
  }),
  member(2, "Charles Babbage", "owner", "charles@lovelace-law.ca", {
    hasSecondStep: true,
    lastSignInDay: "2026-11-02",
    hasSeat: true,
  }),
  member(3, "Mary Somerville", "member", "mary@lovelace-law.ca", { hasSeat: false }),
];

const renderPanel = (role: Firm["role"], language: "en" | "fr" = "en") =>
  renderWithApp(<MembersPanel firm={firm(role)} confirmIdentityThen={runAtOnce} />, {
    language,
    namespaces: ["firm"],
    path: "/firm",
  });

const rowOf = (list: HTMLElement, name: string) => {
  const row = within(list)
    .getAllByRole("listitem")
    .find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

/** The panel, as someone of `role` sees the firm's members. */
const listShownTo = async (role: Firm["role"]) => {
  apiServer.use(answer(firmOperations.getFirmMembers, 200, { members }));
  await renderPanel(role);
  return screen.findByRole("list", { name: "Members of the firm" });
};

describe("MembersPanel", () => {
  it("lists the members with their roles; an owner may change the others' roles, and sees themself as you", async () => {
    const list = await listShownTo("owner");
    const self = rowOf(list, "Ada Lovelace");
    expect(self).toHaveTextContent("you");
    expect(within(self).queryByRole("combobox")).not.toBeInTheDocument();
    const mary = rowOf(list, "Mary Somerville");
    expect(mary).toHaveTextContent("mary@lovelace-law.ca");
    expect(mary).toHaveTextContent(/Joined March 4, 2026/);
    expect(within(mary).getByRole("combobox", { name: "Role of Mary Somerville" })).toHaveValue("member");
    expect(within(mary).getByRole("button", { name: "Transfer ownership" })).toBeInTheDocument();
    expect(within(mary).getByRole("button", { name: "Remove Mary Somerville" })).toBeInTheDocument();
  });

  it("leaves an owner's row alone for an administrator", async () => {
    const list = await listShownTo("admin");
    const charles = rowOf(list, "Charles Babbage");
    expect(charles).toHaveTextContent("Only an owner can change an owner.");
    expect(within(charles).queryByRole("combobox")).not.toBeInTheDocument();
    const mary = rowOf(list, "Mary Somerville");
    expect(
      within(within(mary).getByRole("combobox", { name: "Role of Mary Somerville" }))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Administrator", "Member"]);
    expect(within(mary).queryByRole("button", { name: "Transfer ownership" })).not.toBeInTheDocument();
  });

  it("says the server's refusal of a role change in French", async () => {
    apiServer.use(
      answer(firmOperations.getFirmMembers, 200, { members }),
      answer(firmOperations.changeFirmMemberRole, 404, refusal(404, "This person is not a member of your firm.")),
    );
    const { user } = await renderPanel("owner", "fr");

    await user.selectOptions(await screen.findByRole("combobox", { name: "Rôle de Mary Somerville" }), "admin");
    expect(await screen.findByRole("alert")).toHaveTextContent("Cette personne n’est pas membre de votre cabinet.");
  });
});

/** The panel with issue 56's members, as someone of `role` sees them. */
const complianceShownTo = (role: Firm["role"], language: "en" | "fr" = "en") => {
  apiServer.use(answer(firmOperations.getFirmMembers, 200, { members: complying }));
  return renderPanel(role, language);
};
const membersList = () => screen.findByRole("list", { name: /Members of the firm|Membres du cabinet/ });

describe("MembersPanel: who complies", () => {
  it("shows each member's second step, last sign-in day and seat, in English", async () => {
    await complianceShownTo("owner");
    const charles = rowOf(await membersList(), "Charles Babbage");
    expect(charles).toHaveTextContent("Two-step: on");
    expect(charles).toHaveTextContent("Last sign-in November 2, 2026");
    expect(charles).toHaveTextContent("Holds a seat");
    const mary = rowOf(await membersList(), "Mary Somerville");
    expect(mary).toHaveTextContent("Two-step: off");
    expect(mary).toHaveTextContent("No sign-in on record");
    expect(mary).toHaveTextContent("No seat");
  });

  it("says the same in French", async () => {
    await complianceShownTo("admin", "fr");
    const charles = rowOf(await membersList(), "Charles Babbage");
    expect(charles).toHaveTextContent(/Deux étapes\s: activée/);
    expect(charles).toHaveTextContent("Dernière connexion le 2 novembre 2026");
    const mary = rowOf(await membersList(), "Mary Somerville");
    expect(mary).toHaveTextContent(/Deux étapes\s: désactivée/);
    expect(mary).toHaveTextContent("Sans siège");
  });
});

describe("MembersPanel: ending a member's sessions", () => {
  it("an admin signs a member out everywhere once confirmed, but not an owner", async () => {
    let endedFor: string | null = null;
    apiServer.use(answer(firmOperations.endFirmMemberSessions, 200, { Status: "Success" }));
    apiServer.events.on("request:start", ({ request }) => {
      const match = /\/firm\/members\/(\d+)\/sessions$/.exec(new URL(request.url).pathname);
      if (match && request.method === "DELETE") endedFor = match[1] ?? null;
    });
    const { user } = await complianceShownTo("admin");
    const charles = rowOf(await membersList(), "Charles Babbage");
    expect(within(charles).queryByRole("button", { name: /out everywhere/ })).not.toBeInTheDocument();
    const mary = rowOf(await membersList(), "Mary Somerville");
    await user.click(within(mary).getByRole("button", { name: "Sign Mary Somerville out everywhere" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign Mary Somerville out everywhere?" });
    expect(dialog).toHaveTextContent("You do not see their sessions.");
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("Mary Somerville was signed out everywhere.")).toBeInTheDocument();
    expect(endedFor).toBe("3");
    apiServer.events.removeAllListeners();
  });

  it("says the server's refusal in French", async () => {
    apiServer.use(
      answer(firmOperations.endFirmMemberSessions, 403, refusal(403, "Only the firm's owners can do this.")),
    );
    const { user } = await complianceShownTo("owner", "fr");
    const mary = rowOf(await membersList(), "Mary Somerville");
    await user.click(within(mary).getByRole("button", { name: "Déconnecter Mary Somerville partout" }));
    const dialog = await screen.findByRole("dialog", { name: "Déconnecter Mary Somerville partout\u202f?" });
    await user.click(within(dialog).getByRole("button", { name: "Déconnecter partout" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Seuls les propriétaires du cabinet peuvent faire ceci.",
    );
  });
});

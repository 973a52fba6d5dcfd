import { type Firm, type FirmMember, firmOperations, firmSchema } from "@precis/contract/firms";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answer, apiServer, refusal } from "@/test-support/api-server";
import { renderWithApp } from "@/test-support/render";
import { MembersPanel } from "./members-panel";

/** Issue 56 in the members list: who complies (second step, last sign-in, seat), and ending a member's sessions. */
const runAtOnce = <T,>(action: () => Promise<T>) => action();
const firm = (role: Firm["role"]): Firm =>
  firmSchema.parse({
    id: 1,
    name: "Lovelace Law",
    role,
    policies: { matterCodes: "off", matterMask: null, requireTwoStep: true, signInMethods: ["password"] },
    memberCount: 3,
    createdAt: "2026-01-01T12:00:00.000Z",
  });
const member = (userId: number, name: string, role: FirmMember["role"], more: Partial<FirmMember>): FirmMember => ({
  userId,
  name,
  role,
  email: `${name.split(" ")[0]?.toLowerCase()}@lovelace-law.ca`,
  joinedAt: "2026-03-04T12:00:00.000Z",
  hasSecondStep: false,
  lastSignInDay: null,
  hasSeat: null,
  ...more,
});
const members = [
  member(1, "Ada Lovelace", "owner", { hasSecondStep: true, lastSignInDay: "2026-11-30", hasSeat: true }),
  member(2, "Charles Babbage", "owner", { hasSecondStep: true, lastSignInDay: "2026-11-02", hasSeat: true }),
  member(3, "Mary Somerville", "member", { hasSecondStep: false, lastSignInDay: null, hasSeat: false }),
];

const renderPanel = (role: Firm["role"], language: "en" | "fr" = "en") => {
  apiServer.use(answer(firmOperations.getFirmMembers, 200, { members }));
  return renderWithApp(<MembersPanel firm={firm(role)} confirmIdentityThen={runAtOnce} />, {
    language,
    namespaces: ["firm"],
    path: "/firm",
  });
};
const rowOf = async (name: string) => {
  const list = await screen.findByRole("list", { name: /Members of the firm|Membres du cabinet/ });
  const row = within(list)
    .getAllByRole("listitem")
    .find((item) => item.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe("MembersPanel: who complies", () => {
  it("shows each member's second step, last sign-in day and seat, in English", async () => {
    await renderPanel("owner");
    const charles = await rowOf("Charles Babbage");
    expect(charles).toHaveTextContent("Two-step: on");
    expect(charles).toHaveTextContent("Last sign-in November 2, 2026");
    expect(charles).toHaveTextContent("Holds a seat");
    const mary = await rowOf("Mary Somerville");
    expect(mary).toHaveTextContent("Two-step: off");
    expect(mary).toHaveTextContent("No sign-in on record");
    expect(mary).toHaveTextContent("No seat");
  });

  it("says the same in French", async () => {
    await renderPanel("admin", "fr");
    const charles = await rowOf("Charles Babbage");
    expect(charles).toHaveTextContent(/Deux étapes\s: activée/);
    expect(charles).toHaveTextContent("Dernière connexion le 2 novembre 2026");
    const mary = await rowOf("Mary Somerville");
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
    const { user } = await renderPanel("admin");
    const charles = await rowOf("Charles Babbage");
    expect(within(charles).queryByRole("button", { name: /out everywhere/ })).not.toBeInTheDocument();
    const mary = await rowOf("Mary Somerville");
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
    const { user } = await renderPanel("owner", "fr");
    const mary = await rowOf("Mary Somerville");
    await user.click(within(mary).getByRole("button", { name: "Déconnecter Mary Somerville partout" }));
    const dialog = await screen.findByRole("dialog", { name: "Déconnecter Mary Somerville partout\u202f?" });
    await user.click(within(dialog).getByRole("button", { name: "Déconnecter partout" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Seuls les propriétaires du cabinet peuvent faire ceci.",
    );
  });
});

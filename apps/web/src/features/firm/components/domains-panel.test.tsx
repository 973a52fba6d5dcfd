import { type FirmDomain, firmOperations } from "@precis/contract/firms";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answer, apiServer, held, refusal } from "@/test-support/api-server";
import { renderWithApp } from "@/test-support/render";
import { DomainsPanel } from "./domains-panel";

/** No step-up in these tests: the action runs at once, as it does after a recent sign-in. */
const runAtOnce = <T,>(action: () => Promise<T>) => action();

const domain = (name: string, proof: Partial<FirmDomain["proof"]> = {}): FirmDomain => ({
  domain: name,
  joinMode: "invitation",
  addedAt: "2026-03-04T12:00:00.000Z",
  record: { type: "TXT", name: `_precis-verification.${name}`, value: "precis-domain-verification=abc" },
  proof: { status: "unproven", provenAt: null, missingSince: null, graceEndsAt: null, checkedAt: null, ...proof },
});

const renderPanel = (language: "en" | "fr" = "en") =>
  renderWithApp(<DomainsPanel confirmIdentityThen={runAtOnce} />, { language, namespaces: ["firm"], path: "/firm" });

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((option) => ({ label: option.textContent, disabled: (option as HTMLOptionElement).disabled }));

describe("DomainsPanel", () => {
  it("shows its loading state, then says the firm has no domain", async () => {
    const domainsAnswered = held();
    apiServer.use(answer(firmOperations.getFirmDomains, 200, { domains: [] }, { until: domainsAnswered.promise }));
    await renderPanel();

    expect(await screen.findByRole("status", { name: "Loading…" })).toBeInTheDocument();
    domainsAnswered.release();
    expect(await screen.findByText("Your firm has not added a domain.")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading…" })).not.toBeInTheDocument();
    // The form offers the caller's own domain.
    expect(screen.getByRole("textbox", { name: "Domain" })).toHaveValue("lovelace-law.ca");
  });

  it("offers Suggest and Automatic only for a domain its DNS record has proven", async () => {
    apiServer.use(
      answer(firmOperations.getFirmDomains, 200, {
        domains: [
          domain("lovelace-law.ca"),
          domain("lovelace.ca", { status: "proven", provenAt: "2026-03-05T12:00:00.000Z" }),
        ],
      }),
    );
    await renderPanel();

    const list = await screen.findByRole("list", { name: "Your firm's domains" });
    expect(list).toHaveTextContent("Not yet proven by DNS: by invitation only until then.");
    expect(optionsOf(screen.getByRole("combobox", { name: "How people at lovelace-law.ca join" }))).toEqual([
      { label: "Invitation only", disabled: false },
      { label: "Suggest", disabled: true },
      { label: "Automatic", disabled: true },
    ]);
    expect(optionsOf(screen.getByRole("combobox", { name: "How people at lovelace.ca join" }))).toEqual([
      { label: "Invitation only", disabled: false },
      { label: "Suggest", disabled: false },
      { label: "Automatic", disabled: false },
    ]);
    // A new domain has no proof yet: the add form offers invitation only.
    const addForm = screen.getByRole("radiogroup");
    expect(within(addForm).getByRole("radio", { name: "Invitation only" })).toBeEnabled();
    expect(within(addForm).getByRole("radio", { name: "Suggest" })).toBeDisabled();
    expect(within(addForm).getByRole("radio", { name: "Automatic" })).toBeDisabled();
  });

  it("says the server's refusal of a domain in French", async () => {
    apiServer.use(
      answer(firmOperations.getFirmDomains, 200, { domains: [] }),
      answer(firmOperations.addFirmDomain, 409, refusal(409, "Another firm has already added this domain.")),
    );
    const { user } = await renderPanel("fr");

    await screen.findByText("Votre cabinet n’a ajouté aucun domaine.");
    await user.click(screen.getByRole("button", { name: "Ajouter le domaine" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Un autre cabinet a déjà ajouté ce domaine.");
  });
});

import { MAX_PASSKEYS, type MfaStatus, mfaOperations, type Passkey } from "@precis/contract/mfa";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer, apiServer } from "@/test-support/api-server";
import { PasskeysPanel } from "./passkeys-panel";
import { renderInSecurityTab } from "./render-in-security-tab";

const passkey = (id: number, name: string, overrides: Partial<Passkey> = {}): Passkey => ({
  id,
  name,
  createdAt: "2026-03-04T12:00:00.000Z",
  lastUsedAt: null,
  isSynced: false,
  ...overrides,
});
const statusWith = (passkeys: Passkey[]): MfaStatus => ({
  hasPassword: true,
  totp: { isEnabled: false, enabledAt: null },
  recoveryCodesLeft: 0,
  passkeys,
});

const renderPanel = (language: "en" | "fr" = "en") =>
  renderInSecurityTab(
    ({ confirmIdentityThen }) => <PasskeysPanel confirmIdentityThen={confirmIdentityThen} />,
    language,
  );

// jsdom has no WebAuthn; the panel asks only whether the browser has it (the ceremony itself is not run here).
beforeEach(() => {
  Object.defineProperty(window, "PublicKeyCredential", { value: () => undefined, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(window, "PublicKeyCredential");
});

describe("PasskeysPanel", () => {
  it("says when there is no passkey yet, and offers to add one", async () => {
    apiServer.use(answer(mfaOperations.getMfaStatus, 200, statusWith([])));
    await renderPanel();

    expect(await screen.findByText("You have no passkeys yet.")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Your passkeys" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add a passkey" })).toBeEnabled();
  });

  it("lists each passkey with its name, when it was added and last used, and whether it is synced", async () => {
    apiServer.use(
      answer(
        mfaOperations.getMfaStatus,
        200,
        statusWith([
          passkey(1, "Work laptop", { lastUsedAt: "2026-05-06T12:00:00.000Z", isSynced: true }),
          passkey(2, "Phone"),
        ]),
      ),
    );
    await renderPanel();

    const list = await screen.findByRole("list", { name: "Your passkeys" });
    const [laptop, phone] = within(list)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === list);
    expect(laptop).toHaveTextContent("Work laptop");
    expect(laptop).toHaveTextContent("Synced");
    expect(laptop).toHaveTextContent(/Added Mar 4, 2026/);
    expect(laptop).toHaveTextContent(/Last used May 6, 2026/);
    expect(phone).toHaveTextContent("Phone");
    expect(phone).toHaveTextContent("Never used");
    expect(phone).not.toHaveTextContent("Synced");
  });

  it("checks a new name as the server does: required, at most 60 characters, nothing invisible; then saves it", async () => {
    apiServer.use(answer(mfaOperations.getMfaStatus, 200, statusWith([passkey(1, "Phone")])));
    const { user } = await renderPanel();

    await user.click(await screen.findByRole("button", { name: "Rename Phone" }));
    const field = screen.getByRole("textbox", { name: "New name for Phone" });
    const save = screen.getByRole("button", { name: "Save" });

    await user.clear(field);
    await user.click(save);
    expect(await screen.findByText("Please name the passkey.")).toBeInTheDocument();

    await user.type(field, "x".repeat(61));
    expect(field).toHaveValue("x".repeat(60));

    await user.clear(field);
    await user.type(field, "Work\u200Blaptop");
    await user.click(save);
    expect(
      await screen.findByText(
        "Remove the invisible characters (such as zero-width spaces or direction marks) from this field.",
      ),
    ).toBeInTheDocument();

    apiServer.use(
      answer(mfaOperations.renamePasskey, 200, passkey(1, "Work laptop")),
      answer(mfaOperations.getMfaStatus, 200, statusWith([passkey(1, "Work laptop")])),
    );
    await user.clear(field);
    await user.type(field, "Work laptop");
    await user.click(save);
    expect(await screen.findByText('Passkey renamed to "Work laptop".')).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Rename Work laptop" })).toBeInTheDocument();
  });

  it("removes a passkey only once the dialog is confirmed", async () => {
    apiServer.use(answer(mfaOperations.getMfaStatus, 200, statusWith([passkey(1, "Phone")])));
    const { user } = await renderPanel();

    await user.click(await screen.findByRole("button", { name: "Remove Phone" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Phone?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Remove Phone" })).toBeInTheDocument();

    apiServer.use(
      answer(mfaOperations.removePasskey, 200, { Status: "Success" }),
      answer(mfaOperations.getMfaStatus, 200, statusWith([])),
    );
    await user.click(screen.getByRole("button", { name: "Remove Phone" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Remove Phone?" })).getByRole("button", { name: "Remove" }),
    );
    expect(await screen.findByText('Passkey "Phone" removed.')).toBeInTheDocument();
    expect(await screen.findByText("You have no passkeys yet.")).toBeInTheDocument();
  });

  it(`offers no more passkeys at the limit of ${MAX_PASSKEYS}, and says why, in French`, async () => {
    const full = Array.from({ length: MAX_PASSKEYS }, (_, index) => passkey(index + 1, `Clé ${index + 1}`));
    apiServer.use(answer(mfaOperations.getMfaStatus, 200, statusWith(full)));
    await renderPanel("fr");

    expect(
      await screen.findByText(
        `Vous avez ${MAX_PASSKEYS} clés d’accès, le maximum pour un compte. Retirez-en une pour en ajouter une autre.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ajouter une clé d’accès" })).toBeDisabled();
    expect(screen.getByRole("list", { name: "Vos clés d’accès" })).toHaveTextContent(/Ajoutée le 4 mars 2026/);
  });
});

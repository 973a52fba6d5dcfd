import { authOperations } from "@precis/contract/auth-operations";
import { mfaMessages, mfaOperations } from "@precis/contract/mfa";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answer, apiServer, held, refusal } from "@/test-support/api-server";
import { renderInSecurityTab } from "./render-in-security-tab";
import { TwoStepPanel } from "./two-step-panel";

const appOff = {
  hasPassword: true,
  totp: { isEnabled: false, enabledAt: null },
  recoveryCodesLeft: 0,
  passkeys: [],
};
const setup = {
  secret: "JBSWY3DPEHPK3PXP",
  otpauthUri: "otpauth://totp/Precis:ada?secret=JBSWY3DPEHPK3PXP&issuer=Precis",
};
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${index}J`);

const renderPanel = (language: "en" | "fr" = "en") =>
  renderInSecurityTab((account) => <TwoStepPanel {...account} />, language);

describe("TwoStepPanel", () => {
  it("sets the app up: the QR code, the key and a code field; a wrong code is said at the field, a right one shows the recovery codes", async () => {
    const setupAnswered = held();
    apiServer.use(
      answer(mfaOperations.getMfaStatus, 200, appOff),
      answer(mfaOperations.setUpTotp, 200, setup, { until: setupAnswered.promise }),
    );
    const { user } = await renderPanel();

    expect(await screen.findByText(appOff.totp.isEnabled ? "On" : "Off")).toBeInTheDocument();
    const setUp = screen.getByRole("button", { name: "Set up" });
    await user.click(setUp);
    // The button is busy while the setup is asked for.
    expect(setUp).toHaveAttribute("aria-busy", "true");
    setupAnswered.release();

    expect(await screen.findByRole("heading", { name: "Set up your authenticator app" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "QR code that adds Precis to an authenticator app" })).toBeInTheDocument();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    const code = screen.getByRole("textbox", { name: "Code from the app" });

    apiServer.use(answer(mfaOperations.enableTotp, 401, refusal(401, mfaMessages.wrongCode, ["code"])));
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(
      await screen.findByText("That code is not right. Enter the newest code your authenticator app shows."),
    ).toBeInTheDocument();

    apiServer.use(answer(mfaOperations.enableTotp, 200, { recoveryCodes }));
    await user.clear(code);
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const list = await screen.findByRole("list", { name: "Your recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
  });

  it("asks who is there when the server wants a recent sign-in before the setup, then sets up", async () => {
    apiServer.use(
      answer(mfaOperations.getMfaStatus, 200, appOff),
      answer(mfaOperations.setUpTotp, 403, refusal(403, "Confirm who you are to continue.", ["reauthentication"])),
    );
    const { user } = await renderPanel();

    await user.click(await screen.findByRole("button", { name: "Set up" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
    // Once the password is confirmed, the setup is asked for again, and this time given.
    apiServer.use(
      answer(authOperations.reauthenticate, 200, { Status: "Success" }),
      answer(mfaOperations.setUpTotp, 200, setup),
    );
    await user.type(within(dialog).getByLabelText("Password"), "hunter22");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("heading", { name: "Set up your authenticator app" })).toBeInTheDocument();
  });

  it("says a refusal it cannot place in the panel, in French", async () => {
    apiServer.use(
      answer(mfaOperations.getMfaStatus, 200, appOff),
      answer(mfaOperations.setUpTotp, 409, refusal(409, mfaMessages.totpAlreadyOn)),
    );
    const { user } = await renderPanel("fr");

    await user.click(await screen.findByRole("button", { name: "Configurer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "L’application d’authentification est déjà activée. Désactivez-la d’abord pour en configurer une autre.",
    );
  });
});

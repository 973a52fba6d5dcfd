import type { ReauthenticateRequest } from "@precis/contract/sessions";
import { Button, Form, type FormInstance, Input, Modal } from "antd";
import { type ReactNode, Suspense, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { Notice } from "@/components/notice";
import { isApiRequestError } from "@/lib/api-client";
import { getAccountErrorCode, getRefusedFields, isNetworkFailure, needsReauthentication } from "@/lib/api-failures";
import { useMfaStatus } from "@/lib/get-mfa-status";
import { usePasswordLessAccount } from "@/lib/password-less-account";
import { useReauthenticate } from "@/lib/reauthenticate";
import { useReauthenticateWithPasskey } from "@/lib/reauthenticate-with-passkey";
import { useSessionActions } from "@/lib/session-actions";
import { isUsedRecoveryCode } from "@/lib/used-recovery-code";
import { getPasskeyCeremonyFailure } from "@/lib/webauthn";
import "./confirm-identity.css";
import { SubmitOrCancel } from "@/components/submit-or-cancel";
import { useTooManyAttemptsText } from "@/components/too-many-attempts";
import { VerticalForm } from "@/components/vertical-form";

/** The person closed the dialog without confirming: the action did not run, and nothing is to be reported. */
export class IdentityNotConfirmedError extends Error {
  override readonly name = "IdentityNotConfirmedError";
  constructor() {
    super("The password was not confirmed");
  }
}

export const isIdentityNotConfirmed = (error: unknown) => error instanceof IdentityNotConfirmedError;

/** Runs a sensitive action, asking the person to confirm who they are first when the server wants it. */
export type ConfirmIdentityThen = <T>(action: () => Promise<T>) => Promise<T>;

type PendingConfirmation = { resolve: () => void; reject: (error: Error) => void };

/**
 * Runs a sensitive action (the data export, the account's deletion, a change of its second factors) and, when
 * the server refuses it because the sign-in is older than 15 minutes (a 403 naming `reauthentication`), asks in
 * a dialog for what the account has (its password, a code from its authenticator app or a recovery code, one of
 * its passkeys), confirms it (`POST /api/reauthenticate`) and runs the action again. An account with none of
 * them (Google or Microsoft sign-in only) is offered to log in again instead.
 *
 * `confirmIdentityThen` settles as the action does, or rejects with IdentityNotConfirmedError when the dialog
 * is closed; a mutation that wraps it stays pending, its button busy, while the dialog is open. `dialog` must
 * be rendered by the caller.
 */
export function useConfirmIdentity(): {
  confirmIdentityThen: ConfirmIdentityThen;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<PendingConfirmation | null>(null);

  const confirmIdentityThen = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!needsReauthentication(error)) throw error;
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject }));
      return action();
    }
  }, []);

  const dialog = (
    // Its texts load when the hook's page renders, ahead of any need; nothing shows meanwhile.
    <Suspense fallback={null}>
      <ConfirmIdentityDialog
        isOpen={pending !== null}
        onConfirmed={() => {
          pending?.resolve();
          setPending(null);
        }}
        onCancel={() => {
          pending?.reject(new IdentityNotConfirmedError());
          setPending(null);
        }}
      />
    </Suspense>
  );
  return { confirmIdentityThen, dialog };
}

type PasswordValues = { password: string };
type CodeValues = { code: string };

/** The ways an account can confirm who it is, as the dialog offers them: its first the dialog opens on. */
type Method = "password" | "code" | "passkey" | "logInAgain";

const methodSwitchKeys = {
  password: "identity:usePassword",
  code: "identity:useCode",
  passkey: "identity:usePasskey",
  logInAgain: "identity:logInAgain",
} as const;

function ConfirmIdentityDialog({
  isOpen,
  onConfirmed,
  onCancel,
}: {
  isOpen: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  // The password form's texts too (the auth catalogue's), loaded with the page's, before the dialog opens: a
  // form that suspended once open would blank the dialog under the person's cursor.
  const { t } = useTranslation(["identity", "auth"]);
  // What the account has (a password, the authenticator app, passkeys), read with the page: the dialog offers
  // those. Known from an earlier 409 of this visit, or said by the server's 409 now: no password to confirm.
  const statusQuery = useMfaStatus();
  const [isPasswordLess, rememberPasswordLess] = usePasswordLessAccount();
  // Without the account's factors (their call failed), the person can still say they have no password.
  const [saysNoPassword, setSaysNoPassword] = useState(false);
  const [chosen, setChosen] = useState<Method | null>(null);
  const passkeyMutation = useReauthenticateWithPasskey();
  const [passkeyFailure, setPasskeyFailure] = useState<{ text: string; attempt: number } | null>(null);

  const status = statusQuery.data;
  const hasPassword = !isPasswordLess && !saysNoPassword && (status?.hasPassword ?? true);
  const methods: Method[] = [];
  if (hasPassword) methods.push("password");
  if (status?.totp.isEnabled) methods.push("code");
  if (status && status.passkeys.length > 0) methods.push("passkey");
  if (!hasPassword) methods.push("logInAgain");
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? "logInAgain");

  const confirmWithPasskey = () => {
    if (passkeyMutation.isPending) return;
    setChosen("passkey");
    setPasskeyFailure(null);
    passkeyMutation.mutate(undefined, {
      onSuccess: onConfirmed,
      onError: (error) => setPasskeyFailure({ text: describePasskeyFailure(error, t), attempt: Date.now() }),
    });
  };

  // The other ways this account has, under the current one's form.
  const alternatives = methods
    .filter((other) => other !== method)
    .map((other) => (
      <Button
        key={other}
        type="link"
        className="confirm-identity-switch"
        onClick={() => (other === "passkey" ? confirmWithPasskey() : setChosen(other))}
      >
        {t(methodSwitchKeys[other])}
      </Button>
    ));

  let content: ReactNode;
  switch (method) {
    case "password":
      content = (
        <PasswordForm
          onConfirmed={onConfirmed}
          onCancel={onCancel}
          // Offered only while the account's factors are unknown: otherwise they say whether it has a password.
          onNoPassword={(isKnown) => (isKnown ? rememberPasswordLess() : status ? undefined : setSaysNoPassword(true))}
          canSayNoPassword={!status}
          alternatives={alternatives}
        />
      );
      break;
    case "code":
      content = <CodeForm onConfirmed={onConfirmed} onCancel={onCancel} alternatives={alternatives} />;
      break;
    case "passkey":
      content = (
        <>
          <p>{t("identity:introPasskey")}</p>
          {passkeyFailure && (
            <Notice
              key={passkeyFailure.attempt}
              type="error"
              role="alert"
              className="confirm-identity-alert"
              title={passkeyFailure.text}
            />
          )}
          <div className="action-row">
            <BusyButton
              type="primary"
              size="large"
              autoFocus
              isBusy={passkeyMutation.isPending}
              onClick={confirmWithPasskey}
            >
              {t("identity:usePasskey")}
            </BusyButton>
            <Button size="large" onClick={onCancel}>
              {t("identity:cancel")}
            </Button>
          </div>
          <div className="confirm-identity-switches">{alternatives}</div>
        </>
      );
      break;
    default:
      content = (
        <NoPasswordContent
          onCancel={onCancel}
          // Only the person's own choice can be taken back: the server's 409 is a fact.
          onUsePassword={saysNoPassword && !isPasswordLess ? () => setSaysNoPassword(false) : undefined}
          alternatives={alternatives}
        />
      );
  }

  return (
    <Modal
      open={isOpen}
      title={t(method === "logInAgain" ? "identity:noPassword.title" : "identity:title")}
      footer={null}
      onCancel={onCancel}
      // A fresh form each time: no password or failure left over from the last opening.
      destroyOnHidden
      afterOpenChange={(isOpened) => {
        if (isOpened) return;
        setSaysNoPassword(false);
        setChosen(null);
        setPasskeyFailure(null);
        passkeyMutation.reset();
      }}
    >
      {content}
    </Modal>
  );
}

/** Why confirming with a passkey failed, as the dialog says it: the browser's part, or the server's. */
function describePasskeyFailure(
  error: unknown,
  t: (
    key:
      | "identity:passkeyCancelled"
      | "identity:passkeysUnsupported"
      | "identity:passkeyFailed"
      | "identity:loggedOut"
      | "auth:errors.network",
  ) => string,
) {
  switch (getPasskeyCeremonyFailure(error)) {
    case "cancelled":
      return t("identity:passkeyCancelled");
    case "unsupported":
      return t("identity:passkeysUnsupported");
    case null:
      break;
    default:
      return t("identity:passkeyFailed");
  }
  if (isNetworkFailure(error)) return t("auth:errors.network");
  if (isApiRequestError(error) && error.status === 401 && getRefusedFields(error).length === 0) {
    return t("identity:loggedOut");
  }
  return t("identity:passkeyFailed");
}

/** A refusal of the password or code form that is not about the field: too many tries, the session's end, the network. */
function useDescribeFailure() {
  const { t } = useTranslation(["identity", "auth"]);
  const tooManyAttemptsText = useTooManyAttemptsText();
  return (error: unknown) => {
    if (isApiRequestError(error) && error.status === 429) return tooManyAttemptsText(error.retryAfterSeconds);
    if (isApiRequestError(error) && error.status === 401) return t("identity:loggedOut");
    // Too many wrong codes in a row, here or at a sign-in: the emailed link unlocks them (decision 042).
    if (isApiRequestError(error) && error.status === 403 && getRefusedFields(error).includes("code")) {
      return t("auth:errors.secondStepLocked");
    }
    return t(isNetworkFailure(error) ? "auth:errors.network" : "auth:errors.unknown");
  };
}

/** How a step of the dialog reads a refusal: the field's own error, taken care of by the step, or neither. */
type StepRefusal = { fieldError: string } | { isHandled: true } | null;

/**
 * What the password and code steps share: one confirmation at a time; a refusal of what was typed is the field's
 * own error, anything else is said above the form; either way the field is focused for the next try.
 */
function useReauthenticateStep<Values>(field: keyof Values & string, onConfirmed: () => void) {
  const [form] = Form.useForm<Values>();
  const reauthenticateMutation = useReauthenticate();
  const describeFailure = useDescribeFailure();
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef(0);

  const submit = (request: ReauthenticateRequest, readRefusal: (error: unknown) => StepRefusal) => {
    if (reauthenticateMutation.isPending) return;
    setFailure(null);
    reauthenticateMutation.mutate(request, {
      onSuccess: onConfirmed,
      onError: (error) => {
        attempt.current += 1;
        const refusal = readRefusal(error);
        if (refusal && "isHandled" in refusal) return;
        // antd's name paths do not resolve for a generic form: the untyped instance takes the field's name.
        if (refusal) (form as FormInstance).setFields([{ name: field, errors: [refusal.fieldError] }]);
        else setFailure(describeFailure(error));
        form.focusField(field);
      },
    });
  };

  // Keyed by the attempt, so the same failure twice is announced twice.
  const failureNotice = failure && (
    <Notice key={attempt.current} type="error" role="alert" className="confirm-identity-alert" title={failure} />
  );
  return { form, submit, isPending: reauthenticateMutation.isPending, failureNotice };
}

function PasswordForm({
  onConfirmed,
  onCancel,
  onNoPassword,
  canSayNoPassword,
  alternatives,
}: {
  onConfirmed: () => void;
  onCancel: () => void;
  /** `isKnown`: the server said so (its 409), rather than the person. */
  onNoPassword: (isKnown: boolean) => void;
  canSayNoPassword: boolean;
  alternatives: ReactNode;
}) {
  const { t } = useTranslation(["identity", "auth"]);
  const { form, submit, isPending, failureNotice } = useReauthenticateStep<PasswordValues>("password", onConfirmed);

  const confirm = ({ password }: PasswordValues) =>
    submit({ password }, (error) => {
      if (isApiRequestError(error) && error.status === 409) {
        onNoPassword(true);
        return { isHandled: true };
      }
      // A wrong password is the field's own error.
      return getAccountErrorCode(error) === "badPassword" ? { fieldError: t("auth:errors.badPassword") } : null;
    });

  return (
    <VerticalForm<PasswordValues> form={form} name="confirm-identity" onFinish={confirm}>
      <p>{t("identity:intro")}</p>
      {failureNotice}
      <Form.Item
        label={t("identity:password")}
        name="password"
        rules={[{ required: true, message: t("auth:validation.passwordRequired") }]}
      >
        <Input.Password autoComplete="current-password" size="large" autoFocus />
      </Form.Item>
      <SubmitOrCancel isBusy={isPending} onCancel={onCancel}>
        {t("identity:confirm")}
      </SubmitOrCancel>
      <div className="confirm-identity-switches">
        {alternatives}
        {canSayNoPassword && (
          <Button type="link" className="confirm-identity-switch" onClick={() => onNoPassword(false)}>
            {t("identity:noPassword.switch")}
          </Button>
        )}
      </div>
    </VerticalForm>
  );
}

/** The authenticator app's code, or a recovery code (which is then used up). */
function CodeForm({
  onConfirmed,
  onCancel,
  alternatives,
}: {
  onConfirmed: () => void;
  onCancel: () => void;
  alternatives: ReactNode;
}) {
  const { t } = useTranslation(["identity", "auth"]);
  const { form, submit, isPending, failureNotice } = useReauthenticateStep<CodeValues>("code", onConfirmed);

  const confirm = ({ code }: CodeValues) =>
    submit({ code: code.trim() }, (error) => {
      const fields = getRefusedFields(error);
      if (!isApiRequestError(error) || (error.status !== 400 && error.status !== 401) || !fields.includes("code")) {
        return null;
      }
      return { fieldError: isUsedRecoveryCode(error) ? t("identity:usedRecoveryCode") : t("identity:wrongCode") };
    });

  return (
    <VerticalForm<CodeValues> form={form} name="confirm-identity-code" onFinish={confirm}>
      <p>{t("identity:introCode")}</p>
      {failureNotice}
      <Form.Item
        label={t("identity:code")}
        name="code"
        rules={[{ required: true, whitespace: true, message: t("identity:codeRequired") }]}
      >
        <Input autoComplete="one-time-code" size="large" maxLength={32} autoFocus />
      </Form.Item>
      <SubmitOrCancel isBusy={isPending} onCancel={onCancel}>
        {t("identity:confirm")}
      </SubmitOrCancel>
      <div className="confirm-identity-switches">{alternatives}</div>
    </VerticalForm>
  );
}

/** Google and Microsoft accounts prove who they are by signing in again: a logout, then the login page. */
function NoPasswordContent({
  onCancel,
  onUsePassword,
  alternatives,
}: {
  onCancel: () => void;
  onUsePassword?: () => void;
  alternatives: ReactNode;
}) {
  const { t } = useTranslation("identity");
  const { logOut, isLoggingOut } = useSessionActions();
  return (
    <>
      <p>{t("noPassword.description")}</p>
      <div className="action-row">
        <BusyButton
          type="primary"
          size="large"
          isBusy={isLoggingOut}
          // Focus lands here when the dialog switches to this view: the one thing to do.
          autoFocus
          onClick={() => {
            if (!isLoggingOut) logOut();
          }}
        >
          {t("noPassword.logInAgain")}
        </BusyButton>
        <Button size="large" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
      <div className="confirm-identity-switches">
        {alternatives}
        {onUsePassword && (
          <Button type="link" className="confirm-identity-switch" onClick={onUsePassword}>
            {t("noPassword.usePassword")}
          </Button>
        )}
      </div>
    </>
  );
}

import { Button, Form, Modal } from "antd";
import { type ReactNode, Suspense, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { PasswordInput } from "@/components/inputs";
import { Notice } from "@/components/notice";
import { getCurrentLanguage } from "@/i18n";
import { isApiRequestError } from "@/lib/api-client";
import { formatRetryWait, getAccountErrorCode, isNetworkFailure, needsReauthentication } from "@/lib/api-failures";
import { usePasswordLessAccount } from "@/lib/password-less-account";
import { useReauthenticate } from "@/lib/reauthenticate";
import { useSessionActions } from "@/lib/session-actions";
import "./confirm-identity.css";

/** The person closed the dialog without confirming: the action did not run, and nothing is to be reported. */
export class IdentityNotConfirmedError extends Error {
  override readonly name = "IdentityNotConfirmedError";
  constructor() {
    super("The password was not confirmed");
  }
}

export const isIdentityNotConfirmed = (error: unknown) => error instanceof IdentityNotConfirmedError;

type PendingConfirmation = { resolve: () => void; reject: (error: Error) => void };

/**
 * Runs a sensitive action (the data export, the account's deletion) and, when the server refuses it because
 * the sign-in is older than 15 minutes (a 403 naming `reauthentication`), asks for the password in a dialog,
 * confirms it (`POST /api/reauthenticate`) and runs the action again. An account without a password (Google
 * or Microsoft sign-in) is offered to log in again instead.
 *
 * `confirmIdentityThen` settles as the action does, or rejects with IdentityNotConfirmedError when the dialog
 * is closed; a mutation that wraps it stays pending, its button busy, while the dialog is open. `dialog` must
 * be rendered by the caller.
 */
export function useConfirmIdentity(): {
  confirmIdentityThen: <T>(action: () => Promise<T>) => Promise<T>;
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
  // Known from an earlier 409 of this visit, or switched on by the person ("I sign in with Google or
  // Microsoft") or by the server's 409 now: the account has no password to confirm, so the dialog offers to log
  // in again instead.
  const [isPasswordLess, rememberPasswordLess] = usePasswordLessAccount();
  const [saysNoPassword, setSaysNoPassword] = useState(false);
  const hasNoPassword = isPasswordLess || saysNoPassword;

  return (
    <Modal
      open={isOpen}
      title={t(hasNoPassword ? "identity:noPassword.title" : "identity:title")}
      footer={null}
      onCancel={onCancel}
      // A fresh form each time: no password or failure left over from the last opening.
      destroyOnHidden
      afterOpenChange={(isOpened) => {
        if (!isOpened) setSaysNoPassword(false);
      }}
    >
      {hasNoPassword ? (
        <NoPasswordContent
          onCancel={onCancel}
          // Only the person's own choice can be taken back: the server's 409 is a fact.
          onUsePassword={isPasswordLess ? undefined : () => setSaysNoPassword(false)}
        />
      ) : (
        <PasswordForm
          onConfirmed={onConfirmed}
          onCancel={onCancel}
          onNoPassword={(isKnown) => (isKnown ? rememberPasswordLess() : setSaysNoPassword(true))}
        />
      )}
    </Modal>
  );
}

function PasswordForm({
  onConfirmed,
  onCancel,
  onNoPassword,
}: {
  onConfirmed: () => void;
  onCancel: () => void;
  /** `isKnown`: the server said so (its 409), rather than the person. */
  onNoPassword: (isKnown: boolean) => void;
}) {
  const { t } = useTranslation(["identity", "auth"]);
  const [form] = Form.useForm<PasswordValues>();
  const reauthenticateMutation = useReauthenticate();
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef(0);

  const describeFailure = (error: unknown) => {
    if (isApiRequestError(error) && error.status === 429) {
      return error.retryAfterSeconds == null
        ? t("auth:errors.tooManyAttemptsNoDelay")
        : t("auth:errors.tooManyAttempts", {
            duration: formatRetryWait(error.retryAfterSeconds, getCurrentLanguage()),
          });
    }
    if (isApiRequestError(error) && error.status === 401) return t("identity:loggedOut");
    return t(isNetworkFailure(error) ? "auth:errors.network" : "auth:errors.unknown");
  };

  const submit = ({ password }: PasswordValues) => {
    if (reauthenticateMutation.isPending) return;
    setFailure(null);
    reauthenticateMutation.mutate(password, {
      onSuccess: onConfirmed,
      onError: (error) => {
        attempt.current += 1;
        if (isApiRequestError(error) && error.status === 409) {
          onNoPassword(true);
          return;
        }
        // A wrong password is the field's own error, with the field focused for the next try.
        if (getAccountErrorCode(error) === "badPassword") {
          form.setFields([{ name: "password", errors: [t("auth:errors.badPassword")] }]);
          form.focusField("password");
          return;
        }
        setFailure(describeFailure(error));
        form.focusField("password");
      },
    });
  };

  return (
    <Form<PasswordValues>
      form={form}
      name="confirm-identity"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      scrollToFirstError={{ focus: true }}
    >
      <p>{t("identity:intro")}</p>
      {/* Keyed by the attempt, so the same failure twice is announced twice. */}
      {failure && (
        <Notice key={attempt.current} type="error" role="alert" className="confirm-identity-alert" title={failure} />
      )}
      <Form.Item
        label={t("identity:password")}
        name="password"
        rules={[{ required: true, message: t("auth:validation.passwordRequired") }]}
      >
        <PasswordInput autoComplete="current-password" size="large" autoFocus />
      </Form.Item>
      <div className="confirm-identity-actions">
        <BusyButton type="primary" htmlType="submit" size="large" isBusy={reauthenticateMutation.isPending}>
          {t("identity:confirm")}
        </BusyButton>
        <Button size="large" onClick={onCancel}>
          {t("identity:cancel")}
        </Button>
      </div>
      <Button type="link" className="confirm-identity-switch" onClick={() => onNoPassword(false)}>
        {t("identity:noPassword.switch")}
      </Button>
    </Form>
  );
}

/** Google and Microsoft accounts prove who they are by signing in again: a logout, then the login page. */
function NoPasswordContent({ onCancel, onUsePassword }: { onCancel: () => void; onUsePassword?: () => void }) {
  const { t } = useTranslation("identity");
  const { logOut, isLoggingOut } = useSessionActions();
  return (
    <>
      <p>{t("noPassword.description")}</p>
      <div className="confirm-identity-actions">
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
      {onUsePassword && (
        <Button type="link" className="confirm-identity-switch" onClick={onUsePassword}>
          {t("noPassword.usePassword")}
        </Button>
      )}
    </>
  );
}

import { type Firm, type FirmMember, type FirmRole, firmRoles } from "@precis/contract/firms";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { ConfirmDialog, useConfirmation } from "@/components/confirm-dialog";
import { NativeSelect } from "@/components/native-select";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { getCurrentLanguage } from "@/i18n";
import { useAppState } from "@/lib/app-state";
import { formatLongDate } from "@/lib/format-date";
import { useChangeMemberRole } from "../api/change-member-role";
import { useEndMemberSessions } from "../api/end-member-sessions";
import type { ConfirmIdentityThen } from "../api/firm-query-key";
import { useFirmMembers } from "../api/get-firm-members";
import { useRemoveMember } from "../api/remove-member";
import { useTransferOwnership } from "../api/transfer-ownership";
import { FirmFailureNotice, useFirmFailure } from "./firm-failure";
import { LeaveFirm } from "./leave-firm";
import { FirmList, FirmRow } from "./panel-parts";
import { RoleTag } from "./role-tag";

/** What the caller may do to another member's row, by the role rules of issue 44 (the server checks them again). */
function allowedActions(callerRole: FirmRole, member: FirmMember) {
  if (callerRole === "owner") return { roles: firmRoles, canRemove: true, canTransfer: member.role !== "owner" };
  // Admins manage admins and members; only an owner touches an owner.
  if (callerRole === "admin" && member.role !== "owner") {
    return { roles: ["admin", "member"] as const, canRemove: true, canTransfer: false };
  }
  return { roles: [] as const, canRemove: false, canTransfer: false };
}

type PendingConfirmation = { kind: "remove" | "transfer" | "endSessions"; member: FirmMember };

/** A confirmation's words, by what it confirms. */
const confirmationTexts = {
  remove: {
    title: "members.removeTitle",
    description: "members.removeDescription",
    confirm: "members.remove",
  },
  transfer: {
    title: "members.transferTitle",
    description: "members.transferDescription",
    confirm: "members.transferConfirm",
  },
  endSessions: {
    title: "members.endSessionsTitle",
    description: "members.endSessionsDescription",
    confirm: "members.endSessions",
  },
} as const;

/**
 * Who complies (issue 56): the member's second step, on or off (never which), the day of their last sign-in, and
 * their seat while a subscription seats the firm.
 */
function Compliance({ member }: { member: FirmMember }) {
  const { t } = useTranslation("firm");
  const language = getCurrentLanguage();
  return (
    <>
      <span className={member.hasSecondStep ? "firm-step-on" : "firm-step-off"}>
        {member.hasSecondStep ? t("members.secondStepOn") : t("members.secondStepOff")}
      </span>
      <span>
        {member.lastSignInDay
          ? t("members.lastSignIn", { date: formatLongDate(`${member.lastSignInDay}T12:00:00Z`, language) })
          : t("members.noSignIn")}
      </span>
      {member.hasSeat !== null && <span>{member.hasSeat ? t("members.seatHeld") : t("members.seatNone")}</span>}
    </>
  );
}

export function MembersPanel({ firm, confirmIdentityThen }: { firm: Firm; confirmIdentityThen: ConfirmIdentityThen }) {
  const { t } = useTranslation("firm");
  const { profile } = useAppState();
  const membersQuery = useFirmMembers();
  const roleMutation = useChangeMemberRole({ confirmIdentityThen });
  const removeMutation = useRemoveMember({ confirmIdentityThen });
  const transferMutation = useTransferOwnership({ confirmIdentityThen });
  const endSessionsMutation = useEndMemberSessions({ confirmIdentityThen });
  const { news, announce, newsRef } = usePanelNews();
  const { failure, showFailure, clearFailure } = useFirmFailure();
  const language = getCurrentLanguage();

  const members = membersQuery.data?.members ?? [];
  const ownerCount = members.filter((member) => member.role === "owner").length;
  const changeRole = (member: FirmMember, role: FirmRole) => {
    if (roleMutation.isPending || role === member.role) return;
    clearFailure();
    roleMutation.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => announce(t("members.roleChangedNews", { name: member.name, role: t(`roles.${role}`) })),
        onError: showFailure,
      },
    );
  };

  const confirmation = useConfirmation(({ kind, member }: PendingConfirmation) => {
    clearFailure();
    if (kind === "remove") {
      removeMutation.mutate(member.userId, {
        onSuccess: () => announce(t("members.removedNews", { name: member.name }), { focus: true }),
        onError: showFailure,
      });
    } else if (kind === "endSessions") {
      endSessionsMutation.mutate(member.userId, {
        onSuccess: () => announce(t("members.sessionsEndedNews", { name: member.name }), { focus: true }),
        onError: showFailure,
      });
    } else {
      transferMutation.mutate(member.userId, {
        onSuccess: () => announce(t("members.transferredNews", { name: member.name }), { focus: true }),
        onError: showFailure,
      });
    }
  });
  const confirming = confirmation.pending;

  const list = (
    <FirmList
      query={membersQuery}
      rows={3}
      items={members}
      label={t("members.listLabel")}
      renderItem={(member) => {
        const isSelf = member.email === profile?.email;
        const actions = allowedActions(firm.role, member);
        return (
          <FirmRow
            key={member.userId}
            title={
              <>
                <span className="firm-row-name">{member.name}</span>
                {isSelf && <span className="firm-you">{t("members.you")}</span>}
                <RoleTag role={member.role} />
              </>
            }
            details={
              <>
                <span>{member.email}</span>
                <span>{t("members.joined", { date: formatLongDate(member.joinedAt, language) })}</span>
                <Compliance member={member} />
              </>
            }
            actions={
              isSelf ? (
                <LeaveFirm firmName={firm.name} isLastOwner={member.role === "owner" && ownerCount <= 1} />
              ) : actions.roles.length > 0 ? (
                <>
                  <NativeSelect
                    aria-label={t("members.roleLabel", { name: member.name })}
                    className="firm-role-select"
                    value={member.role}
                    disabled={roleMutation.isPending}
                    options={actions.roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                    onChange={(role) => changeRole(member, role)}
                  />
                  {actions.canTransfer && (
                    <BusyButton
                      isBusy={transferMutation.isPending && transferMutation.variables === member.userId}
                      onClick={() => confirmation.ask({ kind: "transfer", member })}
                    >
                      {t("members.transfer")}
                    </BusyButton>
                  )}
                  <BusyButton
                    isBusy={endSessionsMutation.isPending && endSessionsMutation.variables === member.userId}
                    aria-label={t("members.endSessionsLabel", { name: member.name })}
                    onClick={() => confirmation.ask({ kind: "endSessions", member })}
                  >
                    {t("members.endSessions")}
                  </BusyButton>
                  <BusyButton
                    danger
                    isBusy={removeMutation.isPending && removeMutation.variables === member.userId}
                    aria-label={t("members.removeLabel", { name: member.name })}
                    onClick={() => confirmation.ask({ kind: "remove", member })}
                  >
                    {t("members.remove")}
                  </BusyButton>
                </>
              ) : (
                <p className="firm-note">{t("members.ownerOnlyNote")}</p>
              )
            }
          />
        );
      }}
    />
  );

  return (
    <PanelSection look="firm-card" heading={t("members.heading")} intro={t("members.intro")}>
      <ul className="firm-bullets firm-role-rules">
        <li>{t("members.ruleOwner")}</li>
        <li>{t("members.ruleAdmin")}</li>
        <li>{t("members.ruleMember")}</li>
        <li>{t("members.ruleLastOwner")}</li>
      </ul>
      {failure && <FirmFailureNotice key={failure.attempt} text={failure.text} />}
      {list}
      <PanelNews news={news} newsRef={newsRef} className="firm-news" />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(confirmationTexts[confirming.kind].title, { name: confirming.member.name }) : ""}
        description={confirming ? t(confirmationTexts[confirming.kind].description) : ""}
        confirmLabel={confirming ? t(confirmationTexts[confirming.kind].confirm) : ""}
        cancelLabel={t("cancel")}
        isDanger={confirming?.kind === "remove"}
        onConfirm={confirmation.confirm}
        onCancel={confirmation.cancel}
      />
    </PanelSection>
  );
}

import {
  BookOutlined,
  ChromeOutlined,
  CreditCardOutlined,
  FilePdfOutlined,
  LogoutOutlined,
  MailOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { getAvatarInitials, getDisplayName } from "@precis/contract/account-texts";
import type { Profile } from "@precis/contract/profile";
import { Avatar, Badge, Dropdown, type MenuProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { colors } from "@/app/theme";
import { SmartLink } from "@/components/smart-link";
import { useLogout } from "@/features/auth/api/logout";
import { useClientConfig } from "@/lib/client-config";

/** The avatar button and its dropdown (SPEC §2 navbar). */
export function AccountMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation("shell");
  const { links } = useClientConfig();
  const logoutMutation = useLogout();
  const [isOpen, setIsOpen] = useState(false);

  const displayName = getDisplayName(profile);
  const initials = getAvatarInitials(profile);

  const items: MenuProps["items"] = [
    {
      key: "documentation",
      icon: <BookOutlined aria-hidden="true" />,
      label: <SmartLink href={links.documentation}>{t("account.documentation")}</SmartLink>,
    },
    {
      key: "extension",
      icon: <ChromeOutlined aria-hidden="true" />,
      label: <SmartLink href={links.extension}>{t("account.extension")}</SmartLink>,
    },
    {
      key: "pdf-tool",
      icon: <FilePdfOutlined aria-hidden="true" />,
      label: <SmartLink href={links.pdfTool}>{t("account.pdfTool")}</SmartLink>,
    },
    { type: "divider" },
    {
      key: "profile",
      icon: <UserOutlined aria-hidden="true" />,
      label: <SmartLink href="/profile">{t("account.profile")}</SmartLink>,
    },
    {
      // The profile shows the address read-only and points here (Google or Microsoft sign-in, decision 007).
      key: "change-email",
      icon: <MailOutlined aria-hidden="true" />,
      label: <SmartLink href="/change-email">{t("account.changeEmail")}</SmartLink>,
    },
    {
      key: "subscription",
      icon: <CreditCardOutlined aria-hidden="true" />,
      label: <SmartLink href="/subscription">{t("account.subscription")}</SmartLink>,
    },
    {
      key: "firm",
      icon: <TeamOutlined aria-hidden="true" />,
      label: <SmartLink href="/firm">{t("account.firm")}</SmartLink>,
    },
    { type: "divider" },
    {
      key: "logout",
      icon: <LogoutOutlined aria-hidden="true" />,
      label: t("account.logout"),
      disabled: logoutMutation.isPending,
      onClick: () => logoutMutation.mutate(),
    },
  ];

  const followItemLink: MenuProps["onClick"] = ({ domEvent }) => {
    setIsOpen(false);
    // Enter on a focused item (rather than on the link inside it), or a click on its icon, must
    // still follow the item's link; activations of the link itself are left to the browser.
    const target = domEvent.target;
    if (target instanceof Element && !target.closest("a")) {
      target.closest('[role="menuitem"]')?.querySelector("a")?.click();
    }
  };

  const avatar = (
    <Avatar size={40} className="account-avatar">
      {initials}
    </Avatar>
  );
  // Badge only for the few internal accounts: for everyone else its styles would be generated for nothing.
  const trigger = (
    <button
      type="button"
      className="account-trigger"
      aria-haspopup="menu"
      aria-expanded={isOpen}
      aria-label={t(profile.internal ? "account.menuLabelInternal" : "account.menuLabel", { name: displayName })}
    >
      {profile.internal ? (
        <Badge count={t("account.internalBadge")} color={colors.internalBadge} className="account-badge">
          {avatar}
        </Badge>
      ) : (
        avatar
      )}
    </button>
  );

  return (
    <Dropdown
      menu={{ items, onClick: followItemLink }}
      trigger={["click"]}
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setIsOpen}
      // Keyboard users land in the menu; Escape closes it and returns focus to the avatar.
      autoFocus
      // Rendered inside the header rather than at the end of <body>, so the menu belongs to the
      // navigation landmark (axe "region") and follows the sticky header.
      getPopupContainer={(button) => button.parentElement ?? document.body}
    >
      {trigger}
    </Dropdown>
  );
}

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
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { colors } from "@/app/theme";
import { SmartLink } from "@/components/smart-link";
import { useLogout } from "@/features/auth/api/logout";
import { useClientConfig } from "@/lib/client-config";

/** A menu item that is a link: a click or Enter anywhere on the item follows it (followItemLink below). */
const linkItem = (key: string, Icon: ComponentType<{ "aria-hidden": "true" }>, href: string, label: string) => ({
  key,
  icon: <Icon aria-hidden="true" />,
  label: <SmartLink href={href}>{label}</SmartLink>,
});

/** The avatar button and its dropdown (product §2 navbar). */
export function AccountMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation("shell");
  const { links } = useClientConfig();
  const logoutMutation = useLogout();
  const [isOpen, setIsOpen] = useState(false);

  const displayName = getDisplayName(profile);
  const initials = getAvatarInitials(profile);

  const items: MenuProps["items"] = [
    linkItem("documentation", BookOutlined, links.documentation, t("account.documentation")),
    linkItem("extension", ChromeOutlined, links.extension, t("account.extension")),
    linkItem("pdf-tool", FilePdfOutlined, links.pdfTool, t("account.pdfTool")),
    { type: "divider" },
    linkItem("profile", UserOutlined, "/profile", t("account.profile")),
    // The profile shows the address read-only and points here (Google or Microsoft sign-in, decision 007).
    linkItem("change-email", MailOutlined, "/change-email", t("account.changeEmail")),
    linkItem("subscription", CreditCardOutlined, "/subscription", t("account.subscription")),
    linkItem("firm", TeamOutlined, "/firm", t("account.firm")),
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

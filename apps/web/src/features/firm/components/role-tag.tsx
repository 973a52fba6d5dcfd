import { CrownOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import type { FirmRole } from "@precis/contract/firms";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const roleIcons = { owner: CrownOutlined, admin: SafetyOutlined, member: UserOutlined } as const;

/** A member's role, as a tag with its icon. */
export function RoleTag({ role }: { role: FirmRole }) {
  const { t } = useTranslation("firm");
  const Icon = roleIcons[role];
  return (
    <Tag icon={<Icon aria-hidden="true" />} className={`firm-role firm-role-${role}`}>
      {t(`roles.${role}`)}
    </Tag>
  );
}

import { MenuOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { DOCS_TITLE_ID } from "../lib/docs-focus";

interface DocsTitleBarProps {
  title: string;
  /** Narrow screens: the menu lives in a drawer this button opens. */
  menuButton?: { isOpen: boolean; onOpen: () => void; drawerId: string };
}

/** The bar above every page with the active title, which is the page's one h1. */
export function DocsTitleBar({ title, menuButton }: DocsTitleBarProps) {
  const { t } = useTranslation("docs");
  return (
    <div className="docs-title-bar">
      {menuButton && (
        <Button
          icon={<MenuOutlined aria-hidden="true" />}
          aria-expanded={menuButton.isOpen}
          aria-controls={menuButton.isOpen ? menuButton.drawerId : undefined}
          onClick={menuButton.onOpen}
          className="docs-menu-button"
        >
          <span className="visually-hidden">{t("menu.open")}</span>
        </Button>
      )}
      <h1 id={DOCS_TITLE_ID} tabIndex={-1} className="docs-title">
        {title}
      </h1>
    </div>
  );
}

import { MenuOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { DOCS_TITLE_ID } from "../lib/docs-focus";

interface DocsTitleBarProps {
  title: string;
  /** Narrow screens: the menu lives in a drawer this button opens. */
  menuButton?: { isOpen: boolean; onOpen: () => void; drawerId: string };
  /** While a prerendered page hydrates, CSS hides the button on wide screens. */
  menuButtonOnlyOnNarrowScreens?: boolean;
}

/** The bar above every page with the active title, which is the page's one h1. */
export function DocsTitleBar({ title, menuButton, menuButtonOnlyOnNarrowScreens }: DocsTitleBarProps) {
  const { t } = useTranslation("docs");
  return (
    <div className="docs-title-bar">
      {menuButton && (
        <Button
          icon={<MenuOutlined aria-hidden="true" />}
          aria-expanded={menuButton.isOpen}
          aria-controls={menuButton.isOpen ? menuButton.drawerId : undefined}
          onClick={menuButton.onOpen}
          className={menuButtonOnlyOnNarrowScreens ? "docs-menu-button docs-narrow-only" : "docs-menu-button"}
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

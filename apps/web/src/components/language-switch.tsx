import { useId } from "react";
import { useTranslation } from "react-i18next";
import { chooseLanguage, getCurrentLanguage } from "@/i18n";
import { supportedLanguages } from "@/i18n/languages";

/**
 * EN/FR switch. The visible "EN"/"FR" is hidden from screen readers, which hear the language's
 * own name in its own language instead ("Français" spoken with a French voice).
 * Native radios styled as two joined buttons (global.css): antd's Radio, for this alone, was 11 kB
 * gzip of every page's first load. The browser gives the group its arrow keys and single tab stop.
 */
export function LanguageSwitch() {
  const { t } = useTranslation(["shell", "common"]);
  const groupName = useId();
  const currentLanguage = getCurrentLanguage();
  return (
    <div role="radiogroup" aria-label={t("language.label")} className="language-switch">
      {supportedLanguages.map((language) => (
        <label key={language} className="language-switch-option">
          <input
            type="radio"
            name={groupName}
            value={language}
            checked={language === currentLanguage}
            onChange={() => void chooseLanguage(language)}
            className="language-switch-input"
          />
          <span aria-hidden="true">{t(`language.${language}`)}</span>
          <span className="visually-hidden" lang={language}>
            {t(`common:languageNames.${language}`)}
          </span>
        </label>
      ))}
    </div>
  );
}

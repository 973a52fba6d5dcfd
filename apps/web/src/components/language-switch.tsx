import { Radio } from "antd";
import { useTranslation } from "react-i18next";
import { getCurrentLanguage } from "@/i18n";
import { supportedLanguages } from "@/i18n/languages";

/**
 * EN/FR switch. The visible "EN"/"FR" is hidden from screen readers, which hear the language's
 * own name in its own language instead ("Français" spoken with a French voice).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation(["shell", "common"]);
  return (
    <Radio.Group
      aria-label={t("language.label")}
      size="small"
      optionType="button"
      buttonStyle="solid"
      value={getCurrentLanguage()}
      onChange={(event) => void i18n.changeLanguage(event.target.value)}
      options={supportedLanguages.map((language) => ({
        value: language,
        label: (
          <>
            <span aria-hidden="true">{t(`language.${language}`)}</span>
            <span className="visually-hidden" lang={language}>
              {t(`common:languageNames.${language}`)}
            </span>
          </>
        ),
      }))}
    />
  );
}

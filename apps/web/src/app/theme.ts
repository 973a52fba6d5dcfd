import type { ConfigProviderProps, ThemeConfig } from "antd";

/*
 * Colours chosen for WCAG 2.1 AA (text ≥ 4.5:1). Ratios computed with the WCAG relative-luminance
 * formula against the three surfaces the app uses: white (cards, header), #f5f5f5 (page
 * background) and #eef2f7 (footer).
 *   primary/link #0958d9: 6.16 on white, 5.65 on #f5f5f5, 5.48 on #eef2f7; white text on it 6.16
 *   link hover   #003eb3: 8.97 / 8.23 / 7.98; white text on it (primary button hover) 8.97
 *   link active  #002c8c: 12.08 / 11.08 / 10.74
 *   text         rgba(0,0,0,0.88) = #1f1f1f: 16.48 / 15.12 / 14.66
 *   secondary, tertiary and description text #595959: 7.00 / 6.42 / 6.23 (antd's default
 *     tertiary, rgba(0,0,0,0.45), is only 2.85:1, and Result/Card descriptions use it)
 *   error        #cf1322: 5.57 / 5.11 / 4.96 (antd's default #ff4d4f is 3.2:1)
 *   badge        white on #a8071a: 7.75
 * antd's default primary #1677ff is only 4.1:1 on white, hence the darker blue.
 */
export const colors = {
  primary: "#0958d9",
  primaryHover: "#003eb3",
  primaryActive: "#002c8c",
  text: "rgba(0, 0, 0, 0.88)",
  textSecondary: "#595959",
  error: "#cf1322",
  /** Every success icon's green, antd's and ours alike (global.css's --precis-success): 5.59:1 on white. */
  success: "#237804",
  internalBadge: "#a8071a",
  pageBackground: "#f5f5f5",
  footerBackground: "#eef2f7",
  surface: "#ffffff",
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: colors.primary,
    colorInfo: colors.primary,
    colorLink: colors.primary,
    colorLinkHover: colors.primaryHover,
    colorLinkActive: colors.primaryActive,
    colorPrimaryHover: colors.primaryHover,
    colorPrimaryActive: colors.primaryActive,
    colorText: colors.text,
    colorTextSecondary: colors.textSecondary,
    colorTextTertiary: colors.textSecondary,
    colorTextDescription: colors.textSecondary,
    colorError: colors.error,
    colorBgLayout: colors.pageBackground,
    borderRadius: 8,
  },
  components: {
    // Success icons only: set as a seed, the green would also darken the success alerts' derived background.
    Alert: { colorSuccess: colors.success },
    Result: { colorSuccess: colors.success },
    Layout: {
      headerBg: colors.surface,
      headerHeight: 64,
      headerPadding: "0 16px",
      footerBg: colors.footerBackground,
      footerPadding: "40px 16px 24px",
      bodyBg: colors.pageBackground,
    },
  },
};

/**
 * Every Form, through the ConfigProvider (issue 43): antd lays a field's error text into the item's bottom
 * margin, so a text of one line or more sat flush against the next label. The help area gets its own space
 * under it instead, the same on every form; no token sets it.
 */
export const formConfig: ConfigProviderProps["form"] = {
  styles: { help: { paddingBottom: 8 } },
};

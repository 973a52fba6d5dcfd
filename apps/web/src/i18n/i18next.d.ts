import "i18next";
import type { resources } from "./resources";

// Typed keys: a `t("…")` call with a key missing from the English catalogue fails the type check.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["en"];
  }
}

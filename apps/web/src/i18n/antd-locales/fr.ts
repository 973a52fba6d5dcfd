// antd's own texts in Canadian French; loaded with the French catalogues (see ../antd-locale.ts).
export { default } from "antd/locale/fr_CA";

/** The URL of antd's component styles built for the browser; null in development and in the prerender (app/build/antd-stylesheet-plugin.ts). */
declare module "virtual:antd-stylesheet" {
  const url: string | null;
  export default url;
}

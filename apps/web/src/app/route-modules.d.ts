/** Generated from the route table by build/route-modules-plugin.ts: each lazy module's import, by its file. */
declare module "virtual:precis/route-modules" {
  export const routeModules: Record<string, () => Promise<Record<string, unknown>>>;
}

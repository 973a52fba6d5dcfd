/*
 * The page's entry: small on purpose. The app (main.tsx and the libraries it imports) downloads beside
 * it (index.html preloads its files, see app/build/page-preloads-plugin.ts) but runs only from here.
 * A prerendered page can be read before the app has run: the browser paints it first, instead of
 * after hundreds of milliseconds of a phone's time spent running the app's code.
 */
import "@/app/global.css";
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from "@precis/contract/boot";

if (document.getElementById("root")?.hasAttribute(PRERENDERED_LANGUAGE_ATTRIBUTE)) {
  // After the next frame has been painted.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
await import("./main");

import { describe, expect, it } from "vitest";
import { componentsMissingFromStylesheet } from "./antd-stylesheet-plugin.ts";

/** A module id as the bundler resolves antd's: the files of its ES build, which the app never imports by path. */
const antdModule = (relativePath: string) => ["/work/main/node_modules/antd", "es", relativePath].join("/");

describe("antd's stylesheet covers the components the build keeps", () => {
  it("names each component whose style module is in the build but not in the list, once", () => {
    expect(
      componentsMissingFromStylesheet([
        antdModule("button/style/index.js"),
        antdModule("button/style/compact.js"),
        antdModule("date-picker/style/index.js"),
        antdModule("date-picker/style/panel.js"),
        antdModule("color-picker/style/index.js"),
      ]),
    ).toEqual(["ColorPicker", "DatePicker"]);
  });

  it("names the grid by its Row, which Form.Item renders", () => {
    expect(componentsMissingFromStylesheet([antdModule("grid/style/index.js")], ["Button"])).toEqual(["Row"]);
  });

  it("passes a build of listed components, their other modules and antd's shared styles", () => {
    expect(
      componentsMissingFromStylesheet([
        antdModule("input/style/otp.js"),
        antdModule("input/style/textarea.js"),
        antdModule("dropdown/index.js"),
        antdModule("style/motion/zoom.js"),
        antdModule("grid/style/index.js"),
        // Exported as QRCode, not QrCode.
        antdModule("qr-code/style/index.js"),
        "/work/main/apps/web/src/features/profile/style/index.ts",
      ]),
    ).toEqual([]);
  });
});

// `npm run build` for the server (decision 032): esbuild bundles the entry points with the workspace packages they
// import (TypeScript source) into dist/, and leaves every npm package external, to be installed beside it.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";

const serverRoot = import.meta.dirname;
const sourceDir = path.join(serverRoot, "src");
const distDir = path.join(serverRoot, "dist");

// Only the dependencies the server declares stay external, so an import of an undeclared package gets bundled,
// and the check below refuses it: a production install (`npm ci --omit=dev`) would not have installed it.
const { dependencies } = JSON.parse(readFileSync(path.join(serverRoot, "package.json"), "utf8"));
const external = Object.keys(dependencies).filter((name) => !name.startsWith("@precis/"));

/**
 * Files found at run time by path (the migrations, the data files, the hashing worker, the web build) are named
 * relative to their module's `import.meta.url`. In a bundle every module shares the bundle's own, so each module
 * of src/ gets, in its place, the URL it would have in dist/: its data files are copied there under the same
 * relative paths, and paths leading out of src/ (the web build) lead to the same place from dist/.
 */
const moduleUrlsAsInSource = {
  name: "module-urls-as-in-source",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      if (!file.startsWith(sourceDir + path.sep)) return undefined;
      const fromDist = `./${path.relative(sourceDir, file).split(path.sep).join("/")}`;
      const contents = await readFile(file, "utf8");
      return {
        contents: contents.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`),
        loader: "ts",
      };
    });
  },
};

rmSync(distDir, { recursive: true, force: true });
const { metafile } = await esbuild.build({
  entryPoints: [path.join(sourceDir, "server.ts"), path.join(sourceDir, "migrate.ts")],
  outdir: distDir,
  bundle: true,
  platform: "node",
  target: "node22",
  format: "esm",
  external,
  sourcemap: "linked",
  metafile: true,
  logLevel: "warning",
  plugins: [moduleUrlsAsInSource],
});

const bundledPackages = new Set(
  Object.keys(metafile.inputs).flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []),
);
if (bundledPackages.size > 0) {
  rmSync(distDir, { recursive: true, force: true });
  throw new Error(
    `The server imports packages it does not declare; add them to apps/server/package.json "dependencies": ${[...bundledPackages].join(", ")}`,
  );
}

// Everything else in src/ is data read at run time (the hashing worker, migrations, text files), in place.
cpSync(sourceDir, distDir, { recursive: true, filter: (source) => !source.endsWith(".ts") });

// The module hooks behind typescript.js: an import of "./x.js" finds ./x.ts when there is
// no ./x.js (TypeScript's own convention), and a .ts module is compiled by esbuild.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith(".") && specifier.endsWith(".js") && context.parentURL) {
    const url = new URL(specifier, context.parentURL);
    const ts = new URL(url.href.replace(/\.js$/, ".ts"));
    if (!existsSync(fileURLToPath(url)) && existsSync(fileURLToPath(ts))) {
      return { url: ts.href, shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith(".ts")) return nextLoad(url, context);
  const source = await readFile(fileURLToPath(url), "utf8");
  const out = await transform(source, { loader: "ts", format: "esm", sourcemap: "inline", sourcefile: fileURLToPath(url) });
  return { format: "module", source: out.code, shortCircuit: true };
}

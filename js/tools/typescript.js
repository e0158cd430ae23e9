// Lets node run the front end's TypeScript sources as they are (the unit tests import
// ../src/*.js): `node --import ./tools/typescript.js --test test/`. Each .ts module is
// compiled by esbuild, the same compiler as the bundle, types stripped and nothing
// checked (tsc --noEmit checks the types).
import { register } from "node:module";

register("./typescript-hooks.js", import.meta.url);

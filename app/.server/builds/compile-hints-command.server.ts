/**
 * Run by `npm run build` after `remix build`: opens the files every page runs at start with V8's
 * compile hint (./compile-hints.server.ts).
 */
import { markFilesRunAtStart } from "./compile-hints.server";

const files = await markFilesRunAtStart(process.cwd());
console.log(`compile hint: ${files.length} files every page runs at start`);

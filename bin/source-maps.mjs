// Loaded with tsx into Playwright's runner and workers when the suite runs from node_modules
// (scripts/conformance.ts). tsx compacts each file and maps it back with an inline source map;
// Playwright reads a test's file:line through its own copy of source-map-support, which knows only
// the maps of files Playwright transformed itself (never those under node_modules). Without this,
// every check would sit at line 1 of its file: wrong locations in the reports, and a paced re-run
// by file:line would run whole files. This teaches that copy Node's own record of the maps.
import { createRequire, findSourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const fromPlaywright = createRequire(require.resolve('@playwright/test'));
const { sourceMapSupport } = fromPlaywright('playwright-core/lib/utilsBundle');

sourceMapSupport.install({
  environment: 'node',
  handleUncaughtExceptions: false,
  retrieveSourceMap(source) {
    const path = source.startsWith('file://') ? fileURLToPath(source) : source;
    const map = findSourceMap(path)?.payload;
    if (!map) return null;
    // tsx names the sources by file URL; Playwright wants a test's file as a path.
    const sources = map.sources.map((s) => (s.startsWith('file://') ? fileURLToPath(s) : s));
    return { url: path, map: { ...map, sources } };
  },
});

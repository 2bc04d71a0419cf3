/**
 * Writes catalog/spec-source.json from the spec beside the repository
 * (catalog/spec-text.ts SPEC_PATH): the spec text's SHA-256 and its tables
 * (catalog/spec-source.ts). Run it whenever the spec or the catalog is updated
 * to a new spec text.
 *
 *   npm run catalog:spec            # (re)write catalog/spec-source.json
 *   npm run catalog:spec -- --check # exit 1 when it is stale
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SPEC_SOURCE_FILE, specSourceOf } from '../catalog/spec-source.js';
import { SPEC_PATH } from '../catalog/spec-text.js';
import { writeOrCheck } from './derived-file.js';

/** The file's text as written: one line per table row, so a spec change reads as a small diff. */
export function serializeSpecSource(specPath: string = SPEC_PATH): string {
  const source = specSourceOf(basename(specPath), readFileSync(specPath, 'utf8'));
  const tables = source.tables.map(
    (t) => `    {\n      "header": ${JSON.stringify(t.header)},\n      "rows": [\n${t.rows.map((r) => `        ${JSON.stringify(r)}`).join(',\n')}\n      ]\n    }`,
  );
  return `{\n  "spec": ${JSON.stringify(source.spec)},\n  "sha256": ${JSON.stringify(source.sha256)},\n  "tables": [\n${tables.join(',\n')}\n  ]\n}\n`;
}

/** The spec beside the repository, or one line saying it is not there (a clone without ../shared) and exit 2. */
function fromTheSpec(): string {
  if (!existsSync(SPEC_PATH)) {
    console.error(`no spec at ${SPEC_PATH}: catalog/spec-source.json is built from the spec beside the repository (../shared/spec)`);
    process.exit(2);
  }
  return serializeSpecSource();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeOrCheck(SPEC_SOURCE_FILE, fromTheSpec, 'npm run catalog:spec');
}

/**
 * Writes `schemas/openapi.json`'s built part (schemas/openapi-build.ts says how)
 * from the JSON Schema files.
 *
 *   npx tsx scripts/build-openapi.ts          # (re)write schemas/openapi.json
 *   npx tsx scripts/build-openapi.ts --check  # exit 1 when the document is stale
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildOpenApi, type JsonObject, OPENAPI_FILE, serialize } from '../schemas/openapi-build.js';
import { writeOrCheck } from './derived-file.js';

const fresh = () => serialize(buildOpenApi(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as JsonObject));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await writeOrCheck(OPENAPI_FILE, fresh, 'npx tsx scripts/build-openapi.ts');

import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { exitOnHelp } from '../lib/cli-help.js';

/**
 * The end of a builder of a derived file (scripts/build-openapi.ts,
 * scripts/gen-types.ts, scripts/build-spec-source.ts): `--help` prints its usage; with `--check`, exit 1 when the checked-in file differs
 * from what the builder makes; otherwise write it. The builder's `make` runs after `--help` is answered: it may read
 * sources a clone lacks (the spec beside the repository), and `--help` must work anywhere.
 */
export async function writeOrCheck(file: string, make: () => string | Promise<string>, rebuild: string, argv: readonly string[] = process.argv): Promise<void> {
  const name = relative(process.cwd(), file) || file;
  exitOnHelp(`usage: ${rebuild} [-- --check]\n\n(Re)writes ${name} from its sources; --check: exit 1 when the checked-in file is stale, write nothing.`, argv.slice(2));
  const fresh = await make();
  if (argv.includes('--check')) {
    if (fresh !== readFileSync(file, 'utf8')) {
      console.error(`${name} is stale: run ${rebuild}`);
      process.exit(1);
    }
    console.log(`${name} is fresh`);
    return;
  }
  writeFileSync(file, fresh);
  console.log(`wrote ${file}`);
}

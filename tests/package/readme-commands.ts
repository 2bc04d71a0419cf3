/**
 * The commands of the README, read from its ```sh blocks, and how each is proven without running
 * for minutes. tests/package/readme.spec.ts checks that every one has a form here; tests/package/package.spec.ts
 * runs each project command in the project that installed the packed tarball.
 */

/** One line of a ```sh block of the README, its trailing comment cut off. */
export interface ReadmeCommand {
  line: string;
  /** The `##` section it stands in. */
  section: string;
  /** The README says it runs in a clone of the repository (its section's title says so); else in a project that installed the package. */
  where: 'project' | 'clone';
  /** Which block, counted from 0: the commands of one block share its `export` lines. */
  block: number;
}

/** How a project command is proven, bounded. */
export type ProjectForm =
  /** `export NAME=…`: a setting the block's commands read. */
  | { kind: 'export'; names: string[] }
  /** Installs the packed tarball: package.spec.ts's set-up runs this very line. */
  | { kind: 'install-tarball' }
  /** Installs from the repository at a tag over the network: not run here (no network, and the tag is made at release). */
  | { kind: 'install-network' }
  /** The sandbox, a server that runs until stopped: started as written, its ready line read, stopped. */
  | { kind: 'sandbox' }
  /** A conformance run: run as written with `--list` added (its options taken, its checks selected); whole runs are package.spec.ts's own tests. */
  | { kind: 'run'; args: string[] }
  /** Runs as written, to its end (`--help`, `--version`). */
  | { kind: 'as-written' };

const COMMAND = 'npx seller-connect-conformance';

/** The commands of the README's ```sh blocks, in order. */
export function readmeCommands(markdown: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  let section = '';
  let inSh = false;
  let block = -1;
  for (const raw of markdown.split('\n')) {
    if (!inSh && raw.startsWith('## ')) section = raw.slice(3).trim();
    if (raw.startsWith('```')) {
      inSh = !inSh && raw.trim() === '```sh';
      if (inSh) block += 1;
      continue;
    }
    // A trailing comment starts at a `#` after a space (`…conformance.git#v0.1.0` keeps its tag).
    const line = raw.replace(/\s+#(\s.*)?$/, '').trim();
    if (inSh && line) commands.push({ line, section, where: /\bclone\b/i.test(section) ? 'clone' : 'project', block });
  }
  return commands;
}

/** The proof of a project command, or undefined when the README holds a command this file does not know how to prove. */
export function projectForm(line: string): ProjectForm | undefined {
  if (/^export\s/.test(line)) return { kind: 'export', names: [...line.matchAll(/\b([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]) };
  if (/^npm install --save-dev \.\/[\w.-]+\.tgz$/.test(line)) return { kind: 'install-tarball' };
  if (/^npm install --save-dev git\+https:\/\//.test(line)) return { kind: 'install-network' };
  if (line === `${COMMAND} reference`) return { kind: 'sandbox' };
  if (line === COMMAND || line.startsWith(`${COMMAND} `)) {
    const args = line.slice(COMMAND.length).trim().split(/\s+/).filter(Boolean);
    if (args.some((a) => ['--help', '-h', '--version', '-v'].includes(a))) return { kind: 'as-written' };
    if (args.every((a) => !/['"$`\\]/.test(a))) return { kind: 'run', args };
  }
  return undefined;
}

/** The npm scripts a clone command runs (`npm test` is `test`, `npm run x` is `x`; `npm ci` none), or undefined when it is no npm command. */
export function cloneScripts(line: string): string[] | undefined {
  const scripts: string[] = [];
  for (const part of line.split('&&')) {
    const [npm, verb, name] = part.trim().split(/\s+/);
    if (npm !== 'npm') return undefined;
    if (verb === 'test') scripts.push('test');
    else if (verb === 'run' && name) scripts.push(name);
    else if (verb !== 'ci') return undefined;
  }
  return scripts;
}

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { connect } from 'node:net';
import { cleanEnv, type External, startExternalReference } from '../support/external-reference.js';
import { freePort } from '../support/free-port.js';
import { type Ran, runCommand as run } from '../support/run-command.js';
import { projectForm, type ReadmeCommand, readmeCommands } from './readme-commands.js';

/**
 * The suite as its users get it (issue 25): `npm pack`, the tarball installed as a dependency of an empty
 * project (never merely unpacked: Playwright's loader treats node_modules apart, and that is where users have
 * it), and the command run there from that folder: against the embedded reference, against a reference the
 * package started apart (`seller-connect-conformance reference`), the sandbox client against it, `--help`,
 * and the GitHub Action's one script (`… action`) with its exit-code mapping and junit.xml. Nothing of this
 * repository's folders is on the way: the project sees only what the tarball holds. The README's commands run
 * here too (issue 40): its install line installs the tarball, and every other command of it runs in this project
 * in a bounded form (tests/package/readme-commands.ts says which).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const README: ReadmeCommand[] = readmeCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));
/** The README's line that installs the tarball `npm pack` made: the set-up below runs it as written. */
const INSTALL_LINE = README.find((c) => projectForm(c.line)?.kind === 'install-tarball')?.line;
/** The README's line that starts the sandbox: the npx sandbox test below runs it as written. */
const SANDBOX_LINE = 'npx seller-connect-conformance reference';

test.describe.configure({ mode: 'serial' });

let dir: string;
let project: string;
let installed: string;
let bin: string;
let embeddedReport: { requirements: { id: string; verdict: string }[] };

/** No SC_/REFERENCE_ setting of the caller, and no npm_ variable of `npm test`: they would point npm at this repository. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(cleanEnv()).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'));
  return { ...env, CI: '1', FORCE_COLOR: '0', ...extra };
}


/** The installed command, run from `cwd` as a user runs it. */
const command = (args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 240_000) => run(process.execPath, [bin, ...args], cwd, env, timeoutMs);

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'scc-package-'));
  project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-server-team', version: '1.0.0', private: true }));
  // The tarball in the project, where the README's install line expects it.
  const packed = await run('npm', ['pack', '--silent', '--pack-destination', project], ROOT, userEnv(), 60_000);
  expect(packed.code, packed.out).toBe(0);
  expect(existsSync(join(project, `${PACKAGE.name}-${PACKAGE.version}.tgz`)), packed.out).toBe(true);
  // The README's line as written; from the local cache: seconds, and no registry needed when the cache holds the dependencies.
  expect(INSTALL_LINE, "the README's tarball install line").toBeDefined();
  const install = await run('bash', ['-c', `${INSTALL_LINE} --prefer-offline --no-audit --no-fund`], project, userEnv(), 150_000);
  expect(install.code, install.out).toBe(0);
  installed = join(project, 'node_modules', PACKAGE.name);
  bin = join(project, 'node_modules', '.bin', 'seller-connect-conformance');
  expect(existsSync(bin)).toBe(true);
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the package holds what runs and nothing of tests/; both command names are installed', () => {
  const files = readdirSync(installed);
  for (const needed of ['bin', 'catalog', 'clients', 'fixtures', 'judging', 'reference', 'results', 'lifecycle', 'suite-server', 'sessions', 'transport', 'reporting', 'specs', 'schemas', 'playwright.config.ts', 'README.md', 'docs', 'action.yml']) expect(files).toContain(needed);
  expect(files).not.toContain('tests');
  expect(files).not.toContain('teeth');
  expect(existsSync(join(installed, 'docs', 'TARGET.md'))).toBe(true);
  expect(existsSync(join(project, 'node_modules', '.bin', 'scc'))).toBe(true);
  const pkg = readJson<{ private?: boolean; dependencies: Record<string, string> }>(join(installed, 'package.json'));
  expect(pkg.private).toBeUndefined();
  expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['@playwright/test', 'tsx']));
});

test('--help names the commands and the settings; --version is the version and the SHA-256 of the spec the catalog was built from', async () => {
  const help = await command(['--help'], project, userEnv(), 30_000);
  expect(help.code, help.out).toBe(0);
  for (const word of ['reference', '--grep', '--rule', 'SC_BASE_URL', 'docs/TARGET.md', '3 INCOMPLETE']) expect(help.out).toContain(word);
  const version = await command(['--version'], project, userEnv(), 30_000);
  expect(version.code, version.out).toBe(0);
  const hash = readJson<{ sha256: string }>(join(ROOT, 'catalog', 'spec-source.json')).sha256;
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(version.out.trim()).toBe(`${PACKAGE.name} ${PACKAGE.version} (spec sha256 ${hash})`);
});

test('from an empty project against the embedded reference: Gate PASSED, exit 0, every report in that folder, nothing written into the package', async () => {
  test.setTimeout(300_000);
  const before = readdirSync(installed, { recursive: true }).length;
  const ran = await command([], project, userEnv());
  expect(ran.out).toContain('Gate: PASSED (exit 0)');
  expect(ran.code, ran.out.slice(-3000)).toBe(0);
  for (const file of ['conformance.json', 'conformance.html', 'junit.xml', 'playwright.json', 'html/index.html', 'allure/index.html']) expect(existsSync(join(project, 'reports', file)), file).toBe(true);
  // Playwright's own outputs live with the reports, not beside them.
  expect(existsSync(join(project, 'reports', 'test-results'))).toBe(true);
  expect(existsSync(join(project, 'test-results'))).toBe(false);
  // A CI log gets progress lines and one line counting the checks, never a line per check.
  expect(ran.out).not.toMatch(/^\s+✓\s+\d+ /m);
  expect(ran.out).toMatch(/^\d+ checks in [^:]+: \d+ passed/m);
  expect(readdirSync(installed, { recursive: true }).length, 'files written into the package').toBe(before);
  const report = readJson<{ run: { specSha256?: string; suiteVersion?: string }; summary: { headline: { text: string } }; requirements: { id: string; verdict: string }[] }>(join(project, 'reports', 'conformance.json'));
  expect(report.run.suiteVersion).toBe(PACKAGE.version);
  expect(report.run.specSha256).toBe(readJson<{ sha256: string }>(join(installed, 'catalog', 'spec-source.json')).sha256);
  expect(readFileSync(join(project, 'reports', 'conformance.html'), 'utf8')).toContain(report.run.specSha256 as string);
  expect(report.summary.headline.text).toMatch(/^judged (\d+) of \1 testable: \1 passed · 0 failed/);
  embeddedReport = report;
  // The first line names the target and where the settings came from; the README and docs/REPORTS.md quote this run's headline.
  expect(ran.out.split('\n')[0]).toBe('Seller Connect conformance — target: the embedded reference (SC_BASE_URL unset) · no SC_ setting in the environment: every default');
  for (const doc of ['README.md', 'docs/REPORTS.md']) {
    const quoted = /The embedded reference's whole run says\s+\*([^*]+)\*/.exec(readFileSync(join(ROOT, doc), 'utf8'))?.[1].replace(/\s+/g, ' ');
    expect(quoted, `${doc}'s example headline`).toBe(report.summary.headline.text);
  }
});

test('docs/SANDBOX.md\'s curl recipe, run as written from the project: a token, a created item, a received ITEM_INACTIVATED notification; the sandbox stops with it', async () => {
  test.setTimeout(120_000);
  const recipe = /## From nothing[\s\S]*?```sh\n([\s\S]*?)```/.exec(readFileSync(join(installed, 'docs', 'SANDBOX.md'), 'utf8'))?.[1];
  expect(recipe).toBeDefined();
  const folder = join(project, 'recipe');
  mkdirSync(folder);
  // In a folder of the project: npx finds the package's command there, as in a user's. Ports free on this machine.
  const [port, receiver] = [await freePort(), await freePort()];
  const ran = await run('bash', ['-c', recipe as string], folder, userEnv({ REFERENCE_PORT: String(port), RECEIVER_PORT: String(receiver) }), 90_000);
  expect(ran.code, ran.out).toBe(0);
  const item = /^created item (\S+)$/m.exec(ran.out)?.[1];
  expect(item, ran.out).toBeTruthy();
  const notification = JSON.parse(ran.out.trim().split('\n').at(-1) as string) as { type: string; data: { item_id: string } };
  expect(notification).toMatchObject({ type: 'ITEM_INACTIVATED', data: { item_id: item } });
  const stoppedBy = Date.now() + 5_000;
  while ((await listening(port)) && Date.now() < stoppedBy) await new Promise((r) => setTimeout(r, 100));
  expect(await listening(port), 'the sandbox stopped with the script').toBe(false);
});

test('a typo\'d option is one line (and what was meant) and exit 2: nothing runs, no report', async () => {
  const folder = join(project, 'typo');
  mkdirSync(folder);
  const ran = await command(['--gerp', '@auth'], folder, userEnv(), 60_000);
  expect(ran.code, ran.out).toBe(2);
  expect(ran.out).toContain("error: unknown option '--gerp'");
  expect(ran.out).not.toContain('Gate:');
  expect(existsSync(join(folder, 'reports', 'conformance.json'))).toBe(false);
  expect(ran.out.trim().split('\n').length, ran.out).toBeLessThanOrEqual(3);
});

test.describe('against a reference the package started apart', () => {
  let reference: External;
  test.beforeAll(async () => {
    reference = await startExternalReference({ REFERENCE_PORT: '0' }, undefined, { args: [bin, 'reference'], cwd: project });
  });
  test.afterAll(async () => {
    await reference?.stop();
  });

  test('its settings run the same command to the same verdicts as the embedded run, for the checks selected', async () => {
    test.setTimeout(240_000);
    expect(embeddedReport, 'the embedded run above gave its report').toBeDefined();
    const reports = join(project, 'reports-external');
    const ran = await command(['--grep', '@auth'], project, userEnv({ ...reference.settings, SC_REPORTS: reports, SC_ALLURE: '0' }));
    expect(ran.out).toContain('Gate: PASSED (exit 0)');
    expect(ran.code, ran.out.slice(-3000)).toBe(0);
    const external = readJson<{ run: { target: string }; requirements: { id: string; verdict: string }[] }>(join(reports, 'conformance.json'));
    expect(external.run.target).toContain(new URL(reference.settings.SC_BASE_URL).host);
    const verdictOf = new Map(embeddedReport.requirements.map((r) => [r.id, r.verdict]));
    const judged = external.requirements.filter((r) => r.verdict === 'passed' || r.verdict === 'failed');
    expect(judged.length).toBeGreaterThan(20);
    expect(judged.filter((r) => verdictOf.get(r.id) !== r.verdict).map((r) => `${r.id}: ${r.verdict} here, ${verdictOf.get(r.id)} embedded`)).toEqual([]);
  });

  test('the sandbox client of the package (examples/sandbox-client) runs its story against it', async () => {
    test.setTimeout(120_000);
    const client = join(installed, 'examples', 'sandbox-client', 'main.ts');
    const ran = await run(process.execPath, ['--import', 'tsx', client], project, userEnv({ ...reference.settings, SC_WEBHOOK_WAIT_MS: '5000' }), 90_000);
    expect(ran.out).toContain('✓ logged in as pro-1');
    expect(ran.code, ran.out).toBe(0);
  });

  // Bounded: a run is listed (`--list`: its options taken, its checks selected, nothing judged), never run
  // whole here; the whole runs are the tests above (the embedded run, `--grep @auth` against this reference).
  test("every command of the README runs from this project: a block that exports a server's settings against this reference", async () => {
    test.setTimeout(180_000);
    const exporting = new Set(README.filter((c) => projectForm(c.line)?.kind === 'export').map((c) => c.block));
    const proven: string[] = [];
    for (const c of README.filter((x) => x.where === 'project')) {
      const form = projectForm(c.line);
      const env = userEnv(exporting.has(c.block) ? { ...reference.settings, SC_ALLURE: '0' } : {});
      if (form?.kind === 'export') {
        // The sandbox prints the same settings the README tells a team to set for its server.
        for (const name of form.names) expect(Object.keys(reference.settings), `${name}, exported by the README`).toContain(name);
      } else if (form?.kind === 'install-tarball') expect(c.line).toBe(INSTALL_LINE);
      else if (form?.kind === 'sandbox') expect(c.line).toBe(SANDBOX_LINE);
      else if (form?.kind === 'install-network') test.info().annotations.push({ type: 'not run', description: `${c.line}: the network and a released tag` });
      else if (form?.kind === 'run') {
        const ran = await run('bash', ['-c', `${c.line} --list`], project, env, 90_000);
        expect(ran.code, `${c.line} --list\n${ran.out.slice(-2000)}`).toBe(0);
        expect(Number(/^Total: (\d+) tests? in/m.exec(ran.out)?.[1] ?? 0), `${c.line}: checks selected`).toBeGreaterThan(0);
      } else if (form?.kind === 'as-written') {
        const ran = await run('bash', ['-c', c.line], project, env, 30_000);
        expect(ran.code, `${c.line}\n${ran.out}`).toBe(0);
      } else throw new Error(`no way to prove "${c.line}" (tests/package/readme-commands.ts)`);
      proven.push(`${form.kind}: ${c.line}`);
    }
    expect(proven.filter((p) => p.startsWith('run: ')).length, proven.join('\n')).toBeGreaterThanOrEqual(3);
  });
});

test.describe('a defect reproduced as the console prints it, in the user\'s project (issue 40)', () => {
  let reference: External;
  test.beforeAll(async () => {
    // The reference with a defect switched on: a body that is not well-formed JSON answers 500 (GEN-JSON-3, SHOULD).
    reference = await startExternalReference({ REFERENCE_PORT: '0', REFERENCE_DEFECT: 'malformed-json-500' }, undefined, { args: [bin, 'reference'], cwd: project });
  });
  test.afterAll(async () => {
    await reference?.stop();
  });

  test('the console names the finding with the command that runs its check again and a reproduce line; both, run as printed, show the defect', async () => {
    test.setTimeout(240_000);
    const folder = join(project, 'reproduce');
    mkdirSync(folder);
    const env = userEnv({ ...reference.settings, SC_ALLURE: '0' });
    const first = await command(['--rule', 'GEN-JSON-3'], folder, env);
    expect(first.code, first.out.slice(-3000)).toBe(0);
    // Named, never an unexplained "1 skipped".
    expect(first.out).toMatch(/^1 checks? in [^:]+: 1 with a SHOULD finding$/m);
    expect(first.out).not.toMatch(/\bskipped\b/);
    expect(first.out).toMatch(/^ {2}⚠ GEN-JSON-3 {2}POST \/items with malformed JSON is refused with a 4xx: expected any 4xx; got 500$/m);
    const again = /^ {6}run its check again: (.+)$/m.exec(first.out)?.[1];
    const reproduce = /^ {6}reproduce: (.+)$/m.exec(first.out)?.[1];
    expect(again).toBe('npx seller-connect-conformance --rule GEN-JSON-3');
    expect(reproduce, first.out).toMatch(/^SC_ACCESS_TOKEN=\$\(npx seller-connect-conformance token --account [\w-]+\) && curl /);
    // The lines run as printed, from the project, with the run's settings in the environment.
    const curl = await run('bash', ['-c', reproduce as string], folder, env, 60_000);
    expect(curl.code, curl.out).toBe(0);
    expect(curl.out, 'the defect, reproduced').toMatch(/^HTTP\/1\.1 500 /m);
    // Its body names an image of the run's image host, gone with the run: the line says the one command that serves it again.
    const listen = /# .*serve it first with npx seller-connect-conformance images --listen (\S+)/.exec(reproduce as string)?.[1];
    const image = /(http:\/\/[^\s"']+\/images\/valid\.jpg[^\s"']*)/.exec(reproduce as string)?.[1];
    expect(listen, reproduce).toBeTruthy();
    const images = spawn('npx', ['seller-connect-conformance', 'images', '--listen', listen as string], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let served: Response | undefined;
      for (const until = Date.now() + 30_000; !served && Date.now() < until; ) served = await fetch(image as string).catch(() => new Promise<undefined>((r) => setTimeout(r, 200)));
      expect(served?.status).toBe(200);
      expect(served?.headers.get('content-type')).toBe('image/jpeg');
    } finally {
      images.kill('SIGTERM');
    }
    const rerun = await run('bash', ['-c', again as string], folder, env, 240_000);
    expect(rerun.code, rerun.out.slice(-3000)).toBe(0);
    expect(rerun.out).toMatch(/^ {2}⚠ GEN-JSON-3 {2}POST \/items with malformed JSON is refused with a 4xx: expected any 4xx; got 500$/m);
    const verdict = readJson<{ requirements: { id: string; verdict: string }[] }>(join(folder, 'reports', 'conformance.json')).requirements.find((r) => r.id === 'GEN-JSON-3');
    expect(verdict?.verdict).toBe('finding');
  });

  test('the token command prints a token and nothing else, and says in one line on stderr what is wrong', async () => {
    test.setTimeout(90_000);
    const env = userEnv(reference.settings);
    const token = await run('bash', ['-c', 'npx seller-connect-conformance token --account pro-1 2>/dev/null'], project, env, 60_000);
    expect(token.code, token.out).toBe(0);
    expect(token.out.trim()).toMatch(/^\S{16,}$/);
    const unknown = await command(['token', '--account', 'nobody'], project, env, 60_000);
    expect(unknown.code).toBe(2);
    expect(unknown.out.trim()).toBe("token: no account 'nobody' in SC_ACCOUNTS (it has: pro-1, pro-2, pro-3, pro-4, basic-1, basic-2, basic-3, basic-4)");
    // The passwords of the accounts never appear.
    for (const a of JSON.parse(reference.settings.SC_ACCOUNTS) as { password: string }[]) expect(token.out + unknown.out).not.toContain(a.password);
  });
});

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('the sandbox started by npx prints its PID, URLs, accounts and how to stop it; kill of the npx PID frees its port within 5 s', async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  // As a user types it: `npx seller-connect-conformance reference & kill $!`. npx passes the SIGTERM to a
  // shell that does not pass it on: the sandbox notices its starter gone (lib/stop-with-parent.ts).
  const [npxCommand, ...npxArgs] = SANDBOX_LINE.split(' ');
  const npx = spawn(npxCommand, npxArgs, { cwd: project, env: userEnv({ REFERENCE_PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  npx.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  npx.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const deadline = Date.now() + 60_000;
  while (!/^# pid \d+/m.test(out) && Date.now() < deadline && npx.exitCode === null) await new Promise((r) => setTimeout(r, 200));
  const pid = Number(/^# pid (\d+): stop it with Ctrl-C or kill \1/m.exec(out)?.[1]);
  expect(pid, out).toBeGreaterThan(0);
  expect(out).toContain(`# API http://127.0.0.1:${port}/api · identity provider http://127.0.0.1:${port}/oauth · control API http://127.0.0.1:${port}/control`);
  expect(out).toMatch(/^# accounts: pro-1 pro-2 pro-3 pro-4 \(pro\) · basic-1 basic-2 basic-3 basic-4 \(basic\)/m);
  expect(await listening(port)).toBe(true);
  expect(pid, 'the sandbox is not the npx process itself').not.toBe(npx.pid);
  npx.kill('SIGTERM');
  const killedAt = Date.now();
  while ((await listening(port)) && Date.now() - killedAt < 10_000) await new Promise((r) => setTimeout(r, 100));
  const seconds = (Date.now() - killedAt) / 1000;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // It closes its port, then exits: a moment more for the exit.
  while (alive() && Date.now() - killedAt < 8_000) await new Promise((r) => setTimeout(r, 100));
  const orphaned = alive();
  if (orphaned) process.kill(pid, 'SIGKILL');
  expect(await listening(port), 'the port is still held').toBe(false);
  expect(seconds).toBeLessThan(5);
  expect(orphaned, 'the sandbox process is orphaned').toBe(false);
});

test.describe("the GitHub Action's script from the package", () => {
  /** `seller-connect-conformance action` in a folder of its own, as action.yml runs it; its outputs read back. */
  async function actionRun(name: string, env: Record<string, string>): Promise<Ran & { folder: string; outputs: Record<string, string>; summary: string }> {
    const folder = join(project, name);
    mkdirSync(folder, { recursive: true });
    const outputFile = join(folder, 'github-output');
    const summaryFile = join(folder, 'step-summary');
    writeFileSync(outputFile, '');
    writeFileSync(summaryFile, '');
    const ran = await command(['action'], folder, userEnv({ GITHUB_WORKSPACE: project, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, SCC_HISTORY_DIR: 'history', SC_ALLURE: '0', ...env }));
    const outputs: Record<string, string> = {};
    for (const m of readFileSync(outputFile, 'utf8').matchAll(/^([\w-]+)<<SCC_EOF\n([\s\S]*?)\nSCC_EOF$/gm)) outputs[m[1]] = m[2];
    return { ...ran, folder, outputs, summary: readFileSync(summaryFile, 'utf8') };
  }

  // Each run starts its own embedded reference on a free port, in a folder of its own: two at a time.
  test('PASSED exits 0 and FAILED 1, each with junit.xml and the outputs; the history\'s previous report is diffed against; BROKEN (args that do not split) exits 2 without running', async () => {
    test.setTimeout(240_000);
    // The history the Action restored: an earlier whole run in which AUTH-TOKEN-6 failed.
    const previous = join(project, 'passed', 'history', 'last', 'conformance.json');
    mkdirSync(join(previous, '..'), { recursive: true });
    const earlier = JSON.stringify({ schemaVersion: 2, run: { target: 'embedded reference', generatedAt: '2026-11-19T02:05:00.000Z', errors: [] }, requirements: [{ id: 'AUTH-TOKEN-6', verdict: 'failed' }] });
    writeFileSync(previous, earlier);
    const [passed, failed] = await Promise.all([
      actionRun('passed', { SCC_RULE: 'AUTH-TOKEN-6' }),
      actionRun('failed', { SCC_RULE: 'AUTH-TOKEN-6', REFERENCE_DEFECT: 'token-response-cacheable' }),
    ]);
    expect(passed.code, passed.out.slice(-3000)).toBe(0);
    expect(passed.outputs).toMatchObject({ gate: 'PASSED', 'exit-code': '0', reports: join(passed.folder, 'reports') });
    expect(passed.outputs.headline).toMatch(/^judged (\d+) of \d+ testable: \1 passed · 0 failed/);
    const junit = readFileSync(join(passed.folder, 'reports', 'junit.xml'), 'utf8');
    expect(junit).toMatch(/^<\?xml/);
    expect(junit).toContain('AUTH-TOKEN-6');
    expect(passed.summary).toContain('## Seller Connect conformance: PASSED (exit 0)');
    const report = readJson<{ diff?: { previousFile: string; newlyPassing: string[] } }>(join(passed.folder, 'reports', 'conformance.json'));
    expect(report.diff?.previousFile).toBe(previous);
    expect(report.diff?.newlyPassing).toContain('AUTH-TOKEN-6');
    // A narrowed run is not the next run's "previous": the history keeps the whole one.
    expect(readFileSync(previous, 'utf8')).toBe(earlier);

    expect(failed.code, failed.out.slice(-3000)).toBe(1);
    expect(failed.outputs).toMatchObject({ gate: 'FAILED', 'exit-code': '1' });
    expect(readFileSync(join(failed.folder, 'reports', 'junit.xml'), 'utf8')).toContain('<failure');
    expect(failed.out).toContain('::error title=conformance::FAILED (exit 1)');
    expect(failed.summary).toContain('| **AUTH-TOKEN-6** |');
    expect(failed.out).toMatch(/^::error file=specs\/[\w/.-]+\.spec\.ts,line=\d+,title=AUTH-TOKEN-6 \(MUST\) failed::/m);

    const broken = await actionRun('broken', { SCC_ARGS: "--grep 'unclosed" });
    expect(broken.code, broken.out).toBe(2);
    expect(broken.outputs).toMatchObject({ gate: 'BROKEN', 'exit-code': '2' });
    expect(broken.out).toContain('::error title=conformance::args: a quote');
    expect(broken.summary).toContain('## Seller Connect conformance: BROKEN (exit 2)');
    expect(existsSync(join(broken.folder, 'reports', 'conformance.json')), 'nothing ran').toBe(false);
  });

  test('INCOMPLETE exits 3, or 0 with a warning when fail-on-incomplete is false', async () => {
    test.setTimeout(180_000);
    // A baseline entry the run contradicts (a known failure that passes) makes the run INCOMPLETE.
    writeFileSync(join(project, 'stale-baseline.json'), JSON.stringify([{ id: 'AUTH-TOKEN-6', reason: 'known failure, fixed since' }]));
    const stale = { SCC_RULE: 'AUTH-TOKEN-6', SCC_BASELINE: 'stale-baseline.json' };
    const [strict, lenient] = await Promise.all([actionRun('incomplete', stale), actionRun('incomplete-accepted', { ...stale, SCC_FAIL_ON_INCOMPLETE: 'false' })]);
    expect(strict.code, strict.out.slice(-3000)).toBe(3);
    expect(strict.outputs).toMatchObject({ gate: 'INCOMPLETE', 'exit-code': '3' });
    expect(lenient.code, lenient.out.slice(-3000)).toBe(0);
    expect(lenient.outputs).toMatchObject({ gate: 'INCOMPLETE', 'exit-code': '3' });
    expect(lenient.out).toContain('::warning title=conformance::INCOMPLETE (exit 3), accepted');
  });
});

/**
 * npm run req <ID> [<ID>…]
 *
 * One hop from a requirement ID to everything about it: the catalog entry (section,
 * quote, level, statement, decision), the checks that prove it (file:line of the
 * titles citing it and of the assertions naming it, in specs/, the harness (fixtures/ and its machinery) and the
 * OpenAPI document's x-requirements), the reference code that names it, and the
 * defects that break it with the places their seams are read. Exit 1 for an ID
 * the catalog does not have.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { escapeRegExp } from '../catalog/ids.js';
import { isTestable, type MustBasis, type Requirement, requirementById } from '../catalog/index.js';
import { DEFECTS } from '../reference/defects/index.js';
import { exitOnHelp } from '../lib/cli-help.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Place {
  /** Relative to the project root. */
  file: string;
  line: number;
  text: string;
}

export interface RequirementFacts {
  requirement: Requirement;
  /** Test titles citing it in brackets. */
  titles: Place[];
  /** Other lines naming it in specs/, the harness (fixtures/ and its machinery) and the OpenAPI document: assertions, registered checks, x-requirements. */
  assertions: Place[];
  /** Lines of reference/ (the defect registry aside) naming it. */
  reference: Place[];
  defects: { name: string; description: string; reads: Place[] }[];
}

function filesUnder(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, ext));
    else if (ext.test(entry.name)) out.push(path);
  }
  return out;
}

/** A comment line (`//`, `/*`, ` * `): prose about a rule, not a check of it. */
const isComment = (line: string): boolean => /^\s*(\/\/|\/\*|\*)/.test(line);

/** Every line of `files` that `pattern` matches, comments left out unless `withComments`. */
function grep(files: readonly string[], pattern: RegExp, root: string, withComments = false): Place[] {
  const out: Place[] = [];
  for (const path of files) {
    const lines = readFileSync(path, 'utf8').split('\n');
    for (const [i, text] of lines.entries()) {
      if (pattern.test(text) && (withComments || !isComment(text))) out.push({ file: relative(root, path), line: i + 1, text: text.trim() });
    }
  }
  return out;
}

/** Everything the project holds about one requirement, or undefined for an ID the catalog lacks. */
export function requirementFacts(id: string, root = ROOT): RequirementFacts | undefined {
  const requirement = requirementById(id);
  if (!requirement) return undefined;
  // The whole ID, never a longer one: ITEM-QUOTA-1 is not ITEM-QUOTA-10.
  const whole = `(?<![\\w-])${escapeRegExp(id)}(?![\\w-])`;
  const checkFiles = [...filesUnder(join(root, 'specs'), /\.ts$/), ...['fixtures', 'transport', 'sessions', 'judging', 'lifecycle', 'suite-server', 'clients'].flatMap((d) => filesUnder(join(root, d), /\.ts$/)), join(root, 'schemas', 'openapi.json')];
  // A title cites it in brackets; an assertion, a registered check or x-requirements name it as a string of its own.
  const titles = grep(checkFiles, new RegExp(`\\[${escapeRegExp(id)}\\]`), root);
  const named = grep(checkFiles, new RegExp(`['"\`]${escapeRegExp(id)}['"\`]`), root).filter((p) => !titles.some((t) => t.file === p.file && t.line === p.line));
  const referenceFiles = filesUnder(join(root, 'reference'), /\.ts$/).filter((f) => !relative(root, f).startsWith(join('reference', 'defects')));
  const defects = Object.entries(DEFECTS)
    .filter(([, info]) => info.breaks.includes(id))
    .map(([name, info]) => ({ name, description: info.description, reads: grep(referenceFiles, new RegExp(`defect\\(['"\`]${escapeRegExp(name)}['"\`]\\)`), root) }));
  // In the reference, a comment naming the rule is where its code says which rule it keeps.
  return { requirement, titles, assertions: named, reference: grep(referenceFiles, new RegExp(whole), root, true), defects };
}

/** Where a MUST rests, in one line: the spec's sentence (or its "not shown"), or the RFC's with its keyword. */
export function mustBasisLine(b: MustBasis): string {
  if (b.source === 'rfc') return `${b.rfc}: "${b.quote}" (keyword ${b.keyword})`;
  if (b.source === 'not-shown') return `no duty: the spec leaves it not shown (never judged), ${b.section}: "${b.quote}"`;
  return `the spec, ${b.section}: "${b.quote}" (the duty: "${b.keyword}")`;
}

/** How `npm run req` names an entry that is no rule. */
const KIND_LABEL = { open: 'OPEN POINT (no duty)', description: 'DESCRIPTION (no duty)' } as const;

const at = (p: Place): string => `  ${p.file}:${p.line}  ${p.text.length > 150 ? `${p.text.slice(0, 150)}…` : p.text}`;

export function formatFacts(f: RequirementFacts): string {
  const r = f.requirement;
  const out = [
    `${r.id}  ${r.kind ? KIND_LABEL[r.kind] : r.level} · ${r.group} · ${r.source}${r.kind || isTestable(r) ? '' : ' · not testable'}`,
    ...(r.kind_reason ? [`  why no duty: ${r.kind_reason}`] : []),
    `  section:   ${r.section}`,
    `  quote:     "${r.quote}"`,
    ...(r.see_also ?? []).map((s) => `  see also:  ${s.section}: "${s.quote}"`),
    `  statement: ${r.statement}`,
    ...(r.reasoning ? [`  reasoning: ${r.reasoning}`] : []),
    ...(r.decision ? [`  decision:  ${r.decision}`] : []),
    ...(r.must_basis ? [`  MUST because: ${mustBasisLine(r.must_basis)}`] : []),
    ...(r.why ? [`  why not testable: ${r.why}`] : []),
    ...(r.needs ? [`  needs:     ${r.needs.join(', ')}`] : []),
    '',
    `checks citing it (${f.titles.length}):`,
    ...(f.titles.length ? f.titles.map(at) : ['  none']),
    `assertions and registered checks naming it (${f.assertions.length}):`,
    ...(f.assertions.length ? f.assertions.map(at) : ['  none']),
    `reference code naming it (${f.reference.length}):`,
    ...(f.reference.length ? f.reference.map(at) : ['  none (the defects below show where the reference keeps it)']),
    `defects that break it (${f.defects.length}):`,
  ];
  if (f.defects.length === 0) out.push('  none');
  for (const d of f.defects) {
    out.push(`  ${d.name}: ${d.description}  (REFERENCE_DEFECT=${d.name})`);
    out.push(...d.reads.map((p) => `  ${at(p)}`));
  }
  return out.join('\n');
}

const USAGE = 'usage: npm run req <ID> [<ID>…]   e.g. npm run req ITEM-QUOTA-1\n\nEverything about one rule: its catalog entry, the checks that name it, the defects that break it.';

function main(): number {
  exitOnHelp(USAGE);
  const ids = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  if (ids.length === 0) {
    console.error(USAGE);
    return 2;
  }
  let code = 0;
  for (const [i, id] of ids.entries()) {
    const facts = requirementFacts(id);
    if (i > 0) console.log('');
    if (!facts) {
      console.error(`${id}: not in the catalog (catalog/requirements.json)`);
      code = 1;
    } else console.log(formatFacts(facts));
  }
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();

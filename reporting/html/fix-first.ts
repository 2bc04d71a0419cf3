/**
 * The part of conformance.html right under the gate, the answer to "what do we fix
 * first" (reporting/fix-list.ts, the same list the console prints): the MUST failures,
 * then the rules with SHOULD findings, most checks touched first, each with its rule,
 * its message, the command that runs its check again and its reproduce line, one
 * line each that scrolls sideways rather than wraps, so that the lists fill the first
 * screen and not one long command.
 */
import { type FixItem, mustFailures, shouldFindings } from '../fix-list.js';
import type { ConformanceReport } from '../report-types.js';
import { anchor } from './requirement.js';
import { esc } from './text.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function itemHtml(item: FixItem): string {
  const touched = item.checks > 1 ? ` <span class="chip">${plural(item.checks, 'check')}</span>` : '';
  const lines = [`<code class="repro" title="runs this check again in your project">${esc(item.rerun)}</code>`];
  if (item.curl) lines.push(`<code class="repro" title="reproduces its exchange, as printed">${esc(item.curl)}</code>`);
  return `<li><a href="#${esc(anchor(item.id))}">${esc(item.id)}</a>${touched} ${esc(item.message)}<div class="repros">${lines.join('')}</div></li>`;
}

/** The MUST failures and the rules with SHOULD findings, or one line saying there are none. */
export function fixFirst(rep: ConformanceReport): string {
  const failures = mustFailures(rep);
  const findings = shouldFindings(rep);
  const out: string[] = [];
  if (failures.length) {
    out.push(`<div class="box red" id="failing"><h2>MUST failures: ${plural(failures.length, 'rule')} — fix these first</h2><ol>${failures.map(itemHtml).join('')}</ol></div>`);
  }
  if (findings.length) {
    const note = rep.gate.strict ? 'SC_STRICT=1: they fail the gate' : 'they do not fail the gate';
    const counted = `${plural(findings.length, 'rule')} with ${plural(findings.reduce((n, f) => n + f.findings, 0), 'SHOULD finding')}`;
    out.push(`<div class="box amber" id="findings"><h2>SHOULD findings: ${counted} — most checks first; ${note}</h2><ol>${findings.map(itemHtml).join('')}</ol></div>`);
  }
  if (!out.length && !rep.run.errors.length) out.push('<div class="box green" id="nothing-to-fix">No MUST failure and no SHOULD finding.</div>');
  return out.join('\n');
}

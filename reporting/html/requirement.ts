/**
 * One requirement entry of conformance.html: verdict, level and source, the
 * spec's sentence, the decision where the spec is ambiguous, the checks that
 * prove it and, for a failure, the evidence.
 */
import { esc, formatDuration } from './text.js';
import { quoteHtml, type SpecTable } from './quote.js';
import { NOT_APPLICABLE_CAUSES, NOT_EXERCISED_REASONS, type NotApplicableCause, type NotExercisedReason } from '../../results/outcomes.js';
import type { Delivery, Evidence, FastCheckFailure } from '../../results/records.js';
import type { CheckRef, PartResult, RequirementResult } from '../report-types.js';

export const anchor = (id: string) => `req-${id}`;

/** The filter key of an entry: its verdict. */
export function filterKey(r: RequirementResult): string {
  return r.verdict;
}

export function verdictBadge(r: RequirementResult): string {
  if (r.verdict === 'failed') return '<span class="badge b-failed">FAILED</span>';
  const label = { passed: 'passed', finding: 'SHOULD finding', 'not-exercised': 'not exercised', 'not-applicable': 'not applicable', 'not-testable': 'not testable', 'suite-side': 'suite side', 'no-check': 'no check', open: 'open point of the spec', description: 'description' }[r.verdict];
  const code = r.reasonCode && (r.verdict === 'not-exercised' || r.verdict === 'not-applicable') ? ` [${r.reasonCode}]` : '';
  return `<span class="badge b-${r.verdict}">${label}${esc(code)}</span>`;
}

function evidenceBlock(e: Evidence, i: number, times = 1): string {
  const req = e.request;
  const line = req ? `${esc(req.method ?? '')} ${esc(req.url ?? '')}` : '';
  const ids = e.requirements?.length ? e.requirements.join(', ') : e.requirement;
  const attempt = e.attempt ? ` <span class="chip">attempt ${esc(e.attempt)}: a retry does not undo it</span>` : '';
  const parts = [`<h4>Evidence ${i + 1}${ids ? ` (${esc(ids)})` : ''}${e.title ? `: ${esc(e.title)}` : ''}${times > 1 ? ` <span class="chip">seen ${times} times</span>` : ''}${attempt}</h4>`];
  const status = e.status === null ? 'no answer' : e.status;
  if (line.trim()) parts.push(`<div class="mono">${line}${status !== undefined ? ` → <b>${esc(status)}</b>` : ''}</div>`);
  else if (status !== undefined) parts.push(`<div class="mono">status <b>${esc(status)}</b></div>`);
  if (e.expected || e.actual) parts.push(`<div>expected: <code>${esc(e.expected ?? '—')}</code>; got: <code>${esc(e.actual ?? '—')}</code></div>`);
  if (e.transport) parts.push(`<div>on the wire: <code>${esc(e.transport)}</code></div>`);
  if (e.cut) parts.push('<div><b>The body passed the suite’s cap (4 MiB) and was cut: it was not judged.</b></div>');
  if (req?.headers && Object.keys(req.headers).length) {
    parts.push(`<div>request headers:</div><pre>${esc(Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\n'))}</pre>`);
  }
  if (req?.body !== undefined && req.body !== '') parts.push(`<div>request body:</div><pre>${esc(typeof req.body === 'string' ? req.body : JSON.stringify(req.body, null, 2))}</pre>`);
  if (e.bodyExcerpt) parts.push(`<div>response body (excerpt):</div><pre>${esc(e.bodyExcerpt)}</pre>`);
  if (e.curl) parts.push(`<div>reproduce:</div><pre>${esc(e.curl)}</pre>`);
  return `<div class="evidence">${parts.join('')}</div>`;
}

// The same failure recorded again (a property's runs, a retried step): one box, counted.
function evidenceBlocks(list: Evidence[]): string {
  const groups = new Map<string, { e: Evidence; n: number }>();
  for (const e of list) {
    const key = JSON.stringify(e);
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { e, n: 1 });
  }
  return [...groups.values()].map((g, i) => evidenceBlock(g.e, i, g.n)).join('');
}

/** A failed property: what fast-check found and how to run that case again. */
export function fastCheckBlock(f: FastCheckFailure): string {
  const rows: [string, string | undefined][] = [
    ['seed', f.seed],
    ['path', f.path],
    ['replay path', f.replayPath],
    ['counterexample (shrunk)', f.counterexample],
  ];
  const head = `Property-based check: failed${f.afterRuns !== undefined ? ` after ${f.afterRuns} run${f.afterRuns === 1 ? '' : 's'}` : ''}${f.shrunk !== undefined ? `, shrunk ${f.shrunk} time${f.shrunk === 1 ? '' : 's'}` : ''}`;
  const dl = rows
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd><code>${esc(v)}</code></dd>`)
    .join('');
  return `<div class="evidence fc"><h4>${esc(head)}</h4><dl>${dl}</dl>${f.replay ? `<div>replay this case:</div><pre>${esc(f.replay)}</pre>` : ''}</div>`;
}

const header = (h: Record<string, string> | undefined, name: string) => Object.entries(h ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];

/** How X-Service-Signature of a notification is computed (lib/signature.ts), with this notification's own parts; never the token. */
export function signatureNote(d: Delivery): string {
  const ts = header(d.headers, 'x-service-timestamp');
  const sig = header(d.headers, 'x-service-signature');
  const lines = [
    'X-Service-Signature must be HMAC-SHA256 keyed by the subscription\'s webhook token (the token is not shown), computed over the raw body exactly as received, then a colon, then the X-Service-Timestamp value; hex or base64.',
    ts === undefined ? 'This notification has no X-Service-Timestamp header: there is nothing to sign it with.' : `Signed message here (${Buffer.byteLength(d.body ?? '', 'utf8') + 1 + ts.length} bytes): the body above + ":" + "${ts}".`,
    sig === undefined
      ? 'This notification has no X-Service-Signature header.'
      : `Received signature: ${sig === '***' ? 'masked in reports' : sig}${d.signatureForm ? `, ${d.signatureForm}` : ''}. The suite computes HMAC-SHA256(token, body + ":" + timestamp) the same way and compares the bytes; a mismatch means the key, the body or the timestamp signed differs from what was sent.`,
  ];
  return `<div class="sig"><b>Signature:</b> ${lines.map(esc).join(' ')}</div>`;
}

function deliveryBlock(d: Delivery, i: number): string {
  const when = d.at !== undefined ? ` · received ${new Date(d.at).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}` : '';
  const headers = Object.entries(d.headers ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return `<div class="delivery"><h4>Notification ${i + 1}: <span class="mono">${esc(d.method ?? '?')} ${esc(d.url ?? '')}</span>${esc(when)}</h4>${
    headers ? `<div>headers:</div><pre>${esc(headers)}</pre>` : ''
  }<div>body (raw, as signed):</div><pre>${esc(d.body ?? '')}</pre>${signatureNote(d)}</div>`;
}

/** The notifications a failing webhook check received, the first three open, the rest folded. */
export function deliveriesBlock(list: Delivery[]): string {
  const shown = list.slice(0, 3).map(deliveryBlock).join('');
  const rest = list.length > 3 ? `<details><summary>${list.length - 3} more notification${list.length - 3 === 1 ? '' : 's'}</summary>${list.slice(3).map((d, i) => deliveryBlock(d, i + 3)).join('')}</details>` : '';
  return `<div class="evidence deliveries"><h4>Notifications received (${list.length}), as the suite's receiver got them (secrets masked)</h4>${shown}${rest}</div>`;
}

// With evidence beside it, the error's first line is enough: the rest (exchange, body, curl) repeats the evidence.
function errorsShown(c: CheckRef): string[] {
  return c.evidence.length ? c.errors.map((e) => e.split('\n')[0]) : c.errors;
}

/** The rule's parts (catalog `parts`), each with its verdict: what its PASS covered, or which part is left. */
function partRows(parts: readonly PartResult[]): string {
  const rows = parts.map((p) => {
    const why = p.reason ? ` <span style="color:var(--grey)">${p.reasonCode ? `[${esc(p.reasonCode)}] ` : ''}${esc(p.reason)}</span>` : '';
    return `<tr><td class="mono">${esc(p.id)}</td><td>${esc(p.covers)}</td><td class="st-${p.verdict === 'passed' ? 'passed' : p.verdict === 'failed' ? 'failed' : 'skipped'}">${esc(p.verdict)}${why}</td></tr>`;
  });
  const judged = parts.filter((p) => p.verdict === 'passed').length;
  return `<table class="checks parts"><thead><tr><th>part (${judged} of ${parts.length} passed)</th><th>covers</th><th>verdict</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function checkRows(checks: CheckRef[]): string {
  if (!checks.length) return '';
  const rows = checks.map((c) => {
    const flaky = !c.flaky ? '' : c.status === 'failed' ? ' (flaky: failed on an attempt, passed on a retry; the failure stands)' : ' (flaky: passed on retry)';
    const status = c.status === 'skipped' ? `skipped${c.skipReason ? `: ${esc(c.skipReason)}` : ''}` : `${c.status}${c.rawStatus === 'timedOut' ? ' (timed out)' : ''}${flaky}`;
    // A check proving several rules may pass this one and fail another: its word on this rule comes first.
    const word = c.ruleVerdict ? `<div class="rule-word rw-${c.ruleVerdict.replace(' ', '-')}">this rule: <b>${esc(c.ruleVerdict)}</b></div>` : '';
    const detail =
      c.status === 'failed' || c.evidence.length > 0
        ? `<tr><td colspan="3">${errorsShown(c).map((e) => `<pre>${esc(e)}</pre>`).join('')}${c.fastCheck ? fastCheckBlock(c.fastCheck) : ''}${evidenceBlocks(c.evidence)}${
            c.deliveries?.length ? deliveriesBlock(c.deliveries) : ''
          }${!c.errors.length && !c.evidence.length ? '<em>no error message or evidence was recorded</em>' : ''}</td></tr>`
        : '';
    return `<tr><td>${esc(c.title)}${c.should ? ' <span class="chip">@should</span>' : ''}<div class="mono" style="color:var(--grey)">${esc(c.file)}:${esc(c.line)}</div></td><td class="st-${c.status}">${word}${status}</td><td>${formatDuration(c.durationMs)}</td></tr>${detail}`;
  });
  return `<table class="checks"><thead><tr><th>check</th><th>status</th><th>duration</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function requirementEntry(r: RequirementResult, tables: SpecTable[] = []): string {
  const cls = ['req', r.verdict === 'failed' ? 'failed-must' : r.verdict === 'finding' ? 'failed-should' : r.verdict].join(' ');
  const chips = [
    `<span class="chip">${esc(r.level)}</span>`,
    `<span class="chip">${esc(r.source)}</span>`,
    r.decision ? '<span class="chip decision">spec ambiguous</span>' : '',
    r.baseline ? '<span class="chip baseline">baseline</span>' : '',
  ].join(' ');
  const body: string[] = [];
  if (r.quote) body.push(quoteHtml(r.quote, tables));
  if (r.source === 'inferred' && r.reasoning) body.push(`<div class="note reason"><b>Inferred:</b> ${esc(r.reasoning)}</div>`);
  if (r.decision) body.push(`<div class="note decision"><b>The spec is ambiguous or contradicts itself here.</b> Decision: ${esc(r.decision)}</div>`);
  if (r.baseline) body.push(`<div class="note baseline"><b>Baseline:</b> ${esc(r.baseline)}${r.verdict === 'passed' ? ' — <b>fixed: remove from the baseline</b>' : ''}</div>`);
  if (r.verdict === 'not-exercised') body.push(`<div class="note reason"><b>Not exercised [${esc(r.reasonCode)}]:</b> ${esc(r.reason)}<br><i>${esc(NOT_EXERCISED_REASONS[r.reasonCode as NotExercisedReason] ?? '')}</i></div>`);
  if (r.verdict === 'not-applicable') body.push(`<div class="note reason"><b>Not applicable [${esc(r.reasonCode)}]:</b> ${esc(r.reason)}<br><i>${esc(NOT_APPLICABLE_CAUSES[r.reasonCode as NotApplicableCause] ?? '')}</i></div>`);
  if (r.verdict === 'not-testable') body.push(`<div class="note reason"><b>Not testable:</b> ${esc(r.reason)}</div>`);
  if (r.verdict === 'open') body.push(`<div class="note reason"><b>Open point of the spec, no duty:</b> ${esc(r.reason)}</div>`);
  if (r.verdict === 'description') body.push(`<div class="note reason"><b>A description, no duty:</b> ${esc(r.reason)}</div>`);
  if (r.verdict === 'suite-side') body.push(`<div class="note reason"><b>Suite side:</b> ${esc(r.reason)}</div>`);
  if (r.verdict === 'no-check') {
    body.push(
      `<div class="note reason"><b>No check ran for this requirement.</b> ${r.onSkipList ? `Left without a check on purpose (skip list): ${esc(r.reason)}` : 'It is testable and no check covers it: a gap in the suite.'}</div>`,
    );
  }
  for (const f of r.findings.filter((x) => x.kind === 'annotation')) body.push(`<div class="note baseline"><b>SHOULD finding</b> (${esc(f.checkTitle)}): ${esc(f.message)}</div>`);
  if (r.parts) body.push(partRows(r.parts));
  body.push(checkRows(r.checks));
  const open = r.verdict === 'failed' ? ' open' : '';
  return `<details class="${cls}" id="${esc(anchor(r.id))}" data-verdict="${esc(filterKey(r))}"${open}><summary>${verdictBadge(r)} <span class="id">${esc(r.id)}</span> ${chips} <span class="stmt">${esc(r.statement)}</span></summary><div class="body">${body.join('')}</div></details>`;
}

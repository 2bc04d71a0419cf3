/**
 * Reads what checks leave behind for the report: `evidence` attachments (the
 * failing exchange: request, status, body excerpt, reproduce command) and
 * `finding` annotations (SHOULD-level observations, see judging/findings.ts).
 * Everything passes through the final masking step here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { maskDeep, maskText } from './masking.js';
import { parseTitleIds } from '../catalog/ids.js';
import type { CheckResult } from '../results/check-result.js';
import { DELIVERIES_ATTACHMENT, type Delivery, EVIDENCE_ATTACHMENT, type Evidence, FAST_CHECK_ANNOTATION, type FastCheckFailure } from '../results/records.js';
import { FINDING_ANNOTATION, type Finding, LEDGER_ATTACHMENT, type LedgerRecord } from '../results/records.js';
import type { RequirementResult } from './report-types.js';

interface Attachment {
  name?: string;
  contentType?: string;
  body?: string;
  path?: string;
}

// The JSON reporter writes attachment bodies base64-encoded; a path attachment is read from disk if still there.
function attachmentText(a: Attachment): string | undefined {
  if (typeof a.body === 'string') {
    const decoded = Buffer.from(a.body, 'base64').toString('utf8');
    // A body that is not base64 (hand-made reports) decodes to garbage: keep the original then.
    return /^\s*[[{]/.test(decoded) ? decoded : a.body;
  }
  if (a.path && existsSync(a.path)) {
    try {
      return readFileSync(a.path, 'utf8');
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const MAX_EXCERPT = 2000;

function cut(s: unknown): string | undefined {
  if (s === undefined || s === null) return undefined;
  const text = typeof s === 'string' ? s : JSON.stringify(s);
  return text.length > MAX_EXCERPT ? `${text.slice(0, MAX_EXCERPT)}… (cut)` : text;
}

/** The evidence attachments of one result, parsed and masked. Unparseable evidence is kept as a body excerpt. */
export function parseAttachments(attachments: Attachment[]): Evidence[] {
  const out: Evidence[] = [];
  for (const a of attachments) {
    if (a.name !== EVIDENCE_ATTACHMENT) continue;
    const text = attachmentText(a);
    if (text === undefined) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      out.push({ bodyExcerpt: cut(maskText(text)) });
      continue;
    }
    if (!parsed || typeof parsed !== 'object') continue;
    const e = maskDeep(parsed as Evidence);
    out.push({
      requirement: typeof e.requirement === 'string' ? e.requirement : undefined,
      requirements: Array.isArray(e.requirements) ? e.requirements.filter((x): x is string => typeof x === 'string') : undefined,
      parts: Array.isArray(e.parts) ? e.parts.filter((x): x is string => typeof x === 'string') : undefined,
      title: typeof e.title === 'string' ? cut(e.title) : undefined,
      request: e.request && typeof e.request === 'object' ? { ...e.request, body: e.request.body === undefined ? undefined : cut(e.request.body) } : undefined,
      status: typeof e.status === 'number' ? e.status : e.status === null ? null : undefined,
      bodyExcerpt: cut(e.bodyExcerpt),
      expected: cut(e.expected),
      actual: cut(e.actual),
      curl: cut(e.curl),
      severity: e.severity === 'MUST' || e.severity === 'SHOULD' ? e.severity : undefined,
      soft: e.soft === true ? true : undefined,
      transport: typeof e.transport === 'string' ? cut(e.transport) : undefined,
      cut: e.cut === true ? true : undefined,
    });
  }
  return out;
}

const counts = (v: unknown): Record<string, number> =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number')) : {};

/** The check's ledger (the `verdicts` attachment of judging/verdict-ledger.ts), or undefined when it wrote none. */
export function parseLedger(attachments: Attachment[]): LedgerRecord | undefined {
  const a = attachments.find((x) => x.name === LEDGER_ATTACHMENT);
  const text = a && attachmentText(a);
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as { passed?: unknown; failed?: unknown; parts?: unknown; steps?: unknown; finished?: unknown };
    const parts = parsed.parts === undefined ? {} : { parts: counts(parsed.parts) };
    const steps = parsed.steps === undefined ? {} : { steps: counts(parsed.steps) };
    const finished = typeof parsed.finished === 'boolean' ? { finished: parsed.finished } : {};
    return { passed: counts(parsed.passed), failed: counts(parsed.failed), ...parts, ...steps, ...finished };
  } catch {
    return undefined;
  }
}

/**
 * A finding annotation's description: JSON `{requirement, message}` (what
 * recordFinding writes), or `[ID] message`, or `ID: message`, or a bare message
 * (then it belongs to the check's own requirements).
 */
function parseDescription(description: string): { requirement?: string; message: string } {
  const text = description.trim();
  if (text.startsWith('{')) {
    try {
      const o = JSON.parse(text) as { requirement?: unknown; id?: unknown; message?: unknown };
      const requirement = typeof o.requirement === 'string' ? o.requirement : typeof o.id === 'string' ? o.id : undefined;
      return { requirement, message: typeof o.message === 'string' ? o.message : text };
    } catch {
      // not JSON after all: fall through to the text forms
    }
  }
  const bracketed = parseTitleIds(text);
  if (bracketed.ids.length) return { requirement: bracketed.ids[0], message: bracketed.rest };
  const colon = /^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\s*[:—-]\s*(.*)$/s.exec(text);
  if (colon) return { requirement: colon[1], message: colon[2] };
  return { message: text };
}

/** The `finding` annotations of a check, one Finding per requirement named. */
export function parseFindingAnnotations(annotations: { type?: string; description?: string }[], check: Pick<CheckResult, 'id' | 'title' | 'ids'>): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const a of annotations) {
    if (a.type !== FINDING_ANNOTATION || !a.description) continue;
    const { requirement, message } = parseDescription(a.description);
    const ids = requirement ? [requirement] : check.ids;
    for (const id of ids.length ? ids : ['(no requirement)']) {
      const key = `${id}\u0000${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ requirement: id, message: maskText(message), checkId: check.id, checkTitle: check.title, kind: 'annotation' });
    }
  }
  return out;
}

const MAX_DELIVERIES = 30;

/** What a signature looks like, never what it is: its encoding and the bytes it decodes to (an HMAC-SHA256 is 32). */
export function signatureForm(sig: string): string {
  const s = sig.trim();
  if (/^[0-9a-f]+$/i.test(s) && s.length % 2 === 0) return `${s.length} hex characters (${s.length / 2} bytes)`;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) return `${s.length} base64 characters (${Math.floor((s.replace(/=+$/, '').length * 3) / 4)} bytes)`;
  return `${s.length} characters, neither hex nor base64`;
}

/** The `deliveries` attachment of a webhook check (specs/webhooks/support/problems.ts): the notifications received, masked again. */
export function parseDeliveries(attachments: Attachment[]): Delivery[] | undefined {
  const out: Delivery[] = [];
  for (const a of attachments) {
    if (a.name !== DELIVERIES_ATTACHMENT) continue;
    const text = attachmentText(a);
    let parsed: unknown;
    try {
      parsed = text === undefined ? undefined : JSON.parse(text);
    } catch {
      continue;
    }
    for (const d of Array.isArray(parsed) ? parsed : []) {
      if (!d || typeof d !== 'object' || out.length >= MAX_DELIVERIES) continue;
      const raw = (d as { headers?: Record<string, unknown> }).headers;
      const sig = raw && typeof raw === 'object' ? Object.entries(raw).find(([k]) => k.toLowerCase() === 'x-service-signature')?.[1] : undefined;
      const m = maskDeep(d as Record<string, unknown>);
      const headers = m.headers && typeof m.headers === 'object' && !Array.isArray(m.headers) ? Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, String(v)])) : undefined;
      out.push({
        at: typeof m.at === 'number' ? m.at : undefined,
        method: typeof m.method === 'string' ? m.method : undefined,
        url: typeof m.url === 'string' ? m.url : undefined,
        headers,
        body: typeof m.body === 'string' ? maskText(cut(m.body) ?? '') : cut(m.body),
        signatureForm: typeof sig === 'string' ? signatureForm(sig) : undefined,
      });
    }
  }
  return out.length ? out : undefined;
}

/**
 * What fast-check said of a failed property: seed, path, shrunk counterexample
 * and replay command, from the error message (fast-check's own text, and the
 * "Replay with:" line specs/shared/property.ts adds) and the
 * `fast-check` annotations (seed=… path=…, replay: …). Undefined when the check
 * holds none of it.
 */
export function parseFastCheck(messages: string[], annotations: { type?: string; description?: string }[] = []): FastCheckFailure | undefined {
  const f: FastCheckFailure = {};
  for (const raw of messages) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters by definition.
    const text = raw.replace(/\u001b\[[0-9;]*m/g, '');
    const runs = /Property failed after (\d+) tests?/.exec(text);
    if (!runs) continue;
    f.afterRuns = Number(runs[1]);
    const seed = /\{\s*seed:\s*(-?\d+)/.exec(text);
    if (seed) f.seed = seed[1];
    const path = /path:\s*"([^"]*)"/.exec(text);
    if (path) f.path = path[1];
    const counter = /Counterexample:\s*([^\n]*)/.exec(text);
    if (counter) f.counterexample = cut(maskText(counter[1].trim()));
    const replayPath = /replayPath="([^"]*)"/.exec(text);
    if (replayPath) f.replayPath = replayPath[1];
    const shrunk = /Shrunk (\d+) time/.exec(text);
    if (shrunk) f.shrunk = Number(shrunk[1]);
    const replay = /Replay with:\s*([^\n]*)/.exec(text);
    if (replay) f.replay = maskText(replay[1].trim());
    break;
  }
  for (const a of annotations) {
    if (a.type !== FAST_CHECK_ANNOTATION || !a.description) continue;
    const d = a.description;
    const seed = /(?:^|\s)(?:SC_FC_SEED=|FC_SEED=|seed=)(-?\d+)/.exec(d);
    if (seed && !f.seed) f.seed = seed[1];
    const path = /(?:SC_FC_PATH=|FC_PATH=|path=)([^\s;]+)/.exec(d);
    if (path && !f.path) f.path = path[1];
    // fastCheckNote's `; replay: …` (results/records.ts); reports before it began the description with it, or said "replay with:".
    const replay = /(?:^|;\s*)replay(?: with)?:\s*(.*)$/s.exec(d);
    if (replay && !f.replay) f.replay = maskText(replay[1]);
  }
  // A seed alone (annotated at the start of every run) says nothing of a failure.
  return f.afterRuns !== undefined || f.replay ? f : undefined;
}

/**
 * Puts a failed property's replay and a webhook check's deliveries beside the
 * failure they explain: on the requirement the failure was charged to (a
 * check that broke, charged to none, shows them under each of its rules).
 */
export function withCheckDetails(requirements: RequirementResult[], checks: CheckResult[]): void {
  const byId = new Map(checks.map((c) => [c.id, c]));
  for (const r of requirements) {
    for (const ref of r.checks) {
      const c = byId.get(ref.id);
      if (!c || (!c.fastCheck && !c.deliveries)) continue;
      const charged = ref.ruleVerdict === 'failed' || ref.ruleVerdict === 'finding';
      const brokeUncharged = c.status === 'failed' && !c.evidence.some((e) => e.requirement || e.requirements?.length);
      if (!charged && !brokeUncharged) continue;
      if (c.fastCheck) ref.fastCheck = c.fastCheck;
      if (c.deliveries) ref.deliveries = c.deliveries;
    }
  }
}

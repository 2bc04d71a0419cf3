/**
 * Reads what checks leave behind for the report: `evidence` attachments (the
 * failing exchange: request, status, body excerpt, reproduce command) and
 * `finding` annotations (SHOULD-level observations, see fixtures/findings.ts).
 * Everything passes through the final masking step here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { maskDeep, maskText } from './masking.js';
import { parseTitleIds } from './title-ids.js';
import type { Check, Evidence, Finding, Ledger } from './types.js';

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
    if (a.name !== 'evidence') continue;
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
      title: typeof e.title === 'string' ? cut(e.title) : undefined,
      request: e.request && typeof e.request === 'object' ? { ...e.request, body: e.request.body === undefined ? undefined : cut(e.request.body) } : undefined,
      status: typeof e.status === 'number' ? e.status : e.status === null ? null : undefined,
      bodyExcerpt: cut(e.bodyExcerpt),
      expected: cut(e.expected),
      actual: cut(e.actual),
      curl: cut(e.curl),
      severity: e.severity === 'MUST' || e.severity === 'SHOULD' ? e.severity : undefined,
      soft: e.soft === true ? true : undefined,
    });
  }
  return out;
}

const counts = (v: unknown): Record<string, number> =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number')) : {};

/** The check's ledger (the `verdicts` attachment of fixtures/ledger.ts), or undefined when it wrote none. */
export function parseLedger(attachments: Attachment[]): Ledger | undefined {
  const a = attachments.find((x) => x.name === 'verdicts');
  const text = a && attachmentText(a);
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as { passed?: unknown; failed?: unknown };
    return { passed: counts(parsed.passed), failed: counts(parsed.failed) };
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
export function parseFindingAnnotations(annotations: { type?: string; description?: string }[], check: Pick<Check, 'id' | 'title' | 'ids'>): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const a of annotations) {
    if (a.type !== 'finding' || !a.description) continue;
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

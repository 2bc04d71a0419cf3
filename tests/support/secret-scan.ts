/**
 * Searches every file under a folder for secrets: plain, URL-encoded,
 * form-encoded, JSON- and HTML-escaped, and base64 (standard and URL-safe, at
 * every alignment, so a secret inside a larger base64 blob is found too). Zip
 * archives (Playwright's HTML report data, blob reports, traces), gzip files
 * and zips/gzips embedded as base64 (a `data:application/zip;base64,…` inside
 * an HTML file) are unpacked and searched in turn.
 *
 * A hit names the file, the form and the secret's label, never the secret;
 * its context shows the text around it with every secret replaced by its label.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isZip, readZip } from './zip.js';

export interface SecretToFind {
  label: string;
  value: string;
}

export interface SecretHit {
  /** Path relative to the scanned folder; `archive.zip!inner/path` inside archives, `file#base64@offset` inside embedded blobs. */
  file: string;
  secret: string;
  form: string;
  /** Up to 80 characters either side of the first occurrence, every secret in it replaced by `«label»`: safe to print. */
  context: string;
}

/** What a scan went through, for the record (`scanForSecrets(dir, secrets, stats)`). */
export interface ScanStats {
  /** Files under the folder. */
  files: number;
  bytes: number;
  /** Archives opened: zip and gzip files, and archives embedded as base64 (each inner file is searched too). */
  archives: number;
  /** Files found inside those archives. */
  archiveEntries: number;
}

interface Needle {
  label: string;
  form: string;
  /** latin1 view of the needle's UTF-8 bytes, to match a latin1 view of any file. */
  bytes: string;
}

const latin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const htmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The base64 text of `value` as it appears at each of the three byte alignments inside a larger encoding. */
export function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    // Keep only characters made entirely of the secret's bits.
    const start = Math.ceil((8 * k) / 6);
    const end = Math.floor((8 * (k + bytes.length)) / 6);
    const core = b64.slice(start, end);
    if (core.length >= 4) out.push(core);
  }
  return out;
}

function needlesFor(s: SecretToFind): Needle[] {
  const forms: [string, string][] = [
    ['plain', s.value],
    ['url-encoded', encodeURIComponent(s.value)],
    ['form-encoded', new URLSearchParams({ v: s.value }).toString().slice(2)],
    ['json-escaped', JSON.stringify(s.value).slice(1, -1)],
    ['html-escaped', htmlEscape(s.value)],
  ];
  for (const b of base64Forms(s.value)) {
    forms.push(['base64', b]);
    forms.push(['base64url', b.replace(/\+/g, '-').replace(/\//g, '_')]);
  }
  const seen = new Set<string>();
  return forms.filter(([, v]) => v.length > 0 && !seen.has(v) && seen.add(v)).map(([form, v]) => ({ label: s.label, form, bytes: latin1(v) }));
}

// Long base64 runs may be embedded archives (Playwright's HTML report holds its data as a base64 zip).
const BASE64_RUN = /[A-Za-z0-9+/]{64,}={0,2}/g;
const MAX_DEPTH = 4;
const CONTEXT = 80;

/** The text around `at`, each needle occurrence (also one cut by the window's edge) shown as «label», control bytes as '.'. */
function contextAt(text: string, at: number, length: number, needles: Needle[]): string {
  const longest = Math.max(...needles.map((n) => n.bytes.length));
  const from = Math.max(0, at - CONTEXT);
  const to = Math.min(text.length, at + length + CONTEXT);
  const lo = Math.max(0, from - longest);
  const area = text.slice(lo, Math.min(text.length, to + longest));
  const label: (string | undefined)[] = new Array(area.length);
  for (const n of needles) {
    for (let i = area.indexOf(n.bytes); i >= 0; i = area.indexOf(n.bytes, i + 1)) label.fill(n.label, i, i + n.bytes.length);
  }
  let out = '';
  for (let i = from - lo; i < to - lo; i++) {
    if (label[i] !== undefined) {
      if (i === from - lo || label[i - 1] === undefined) out += `«${label[i]}»`;
      continue;
    }
    const c = area.charCodeAt(i);
    out += c < 0x20 || (c >= 0x7f && c < 0xa0) ? '.' : area[i];
  }
  return `${from > 0 ? '…' : ''}${out}${to < text.length ? '…' : ''}`;
}

function scanBuffer(buf: Buffer, where: string, needles: Needle[], hits: SecretHit[], depth: number, stats: ScanStats): void {
  if (isZip(buf) && depth < MAX_DEPTH) {
    stats.archives++;
    for (const entry of readZip(buf)) {
      stats.archiveEntries++;
      if (entry.data) scanBuffer(entry.data, `${where}!${entry.name}`, needles, hits, depth + 1, stats);
    }
  } else if (buf.length > 2 && buf[0] === 0x1f && buf[1] === 0x8b && depth < MAX_DEPTH) {
    try {
      const inner = gunzipSync(buf);
      stats.archives++;
      stats.archiveEntries++;
      scanBuffer(inner, `${where}!gunzip`, needles, hits, depth + 1, stats);
    } catch {
      // not gzip after all: searched as bytes below
    }
  }
  const text = buf.toString('latin1');
  for (const n of needles) {
    const at = text.indexOf(n.bytes);
    if (at >= 0 && !hits.some((h) => h.file === where && h.secret === n.label && h.form === n.form)) {
      hits.push({ file: where, secret: n.label, form: n.form, context: contextAt(text, at, n.bytes.length, needles) });
    }
  }
  if (depth >= MAX_DEPTH) return;
  for (const m of text.matchAll(BASE64_RUN)) {
    // Decode a few bytes first: only archives are worth decoding whole (plain base64 text is covered by the base64 needles).
    const head = Buffer.from(m[0].slice(0, 8), 'base64');
    const archive = (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) || (head[0] === 0x1f && head[1] === 0x8b);
    if (archive) scanBuffer(Buffer.from(m[0], 'base64'), `${where}#base64@${m.index}`, needles, hits, depth + 1, stats);
  }
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) out.push(...files(path));
    else if (st.isFile()) out.push(path);
  }
  return out;
}

/**
 * Every place under `dir` where one of the secrets appears. Secrets shorter
 * than 6 characters are refused: they would match by chance. `stats`, when
 * given, receives how much was searched.
 */
export function scanForSecrets(dir: string, secrets: (string | SecretToFind)[], stats?: ScanStats): SecretHit[] {
  const list = secrets.map((s, i) => (typeof s === 'string' ? { label: `secret #${i + 1}`, value: s } : s));
  const short = list.find((s) => s.value.length < 6);
  if (short) throw new Error(`scanForSecrets: ${short.label} is shorter than 6 characters; use a recognisable secret`);
  const needles = list.flatMap(needlesFor);
  const hits: SecretHit[] = [];
  const seen = stats ?? { files: 0, bytes: 0, archives: 0, archiveEntries: 0 };
  for (const path of files(dir)) {
    const buf = readFileSync(path);
    seen.files++;
    seen.bytes += buf.length;
    scanBuffer(buf, relative(dir, path), needles, hits, 0, seen);
  }
  return hits;
}

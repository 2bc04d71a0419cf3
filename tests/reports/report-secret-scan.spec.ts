import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { base64Forms, scanForSecrets } from '../support/secret-scan.js';
import { readZip } from '../support/zip.js';
import { tempDir } from './data/helpers.js';

/**
 * tests/support/secret-scan.ts: finds a secret in every form a report could carry
 * it, inside archives too, and never reports one that is not there.
 */

const SECRET = 'sk-live-Secret_value+42/xyz';
const OTHER = 'another-secret-0815';

/** A zip with one stored and one deflated entry, written by hand (the reader ignores CRCs). */
function makeZip(entries: { name: string; data: Buffer; deflate: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name);
    // A central header holds the local one's fields 2 bytes further on (after "version made by").
    const header = (length: number, signature: number, shift: number) => {
      const h = Buffer.alloc(length);
      h.writeUInt32LE(signature, 0);
      h.writeUInt16LE(e.deflate ? 8 : 0, 8 + shift);
      h.writeUInt32LE(body.length, 18 + shift);
      h.writeUInt32LE(e.data.length, 22 + shift);
      h.writeUInt16LE(name.length, 26 + shift);
      return h;
    };
    const local = header(30, 0x04034b50, 0);
    const central = header(46, 0x02014b50, 2);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

test('base64 forms cover every alignment inside a larger blob', () => {
  for (const prefix of ['', 'a', 'ab', 'abc']) {
    const blob = Buffer.from(`${prefix}${SECRET}tail`).toString('base64');
    expect(base64Forms(SECRET).some((f) => blob.includes(f)), `prefix "${prefix}"`).toBe(true);
  }
});

test('the zip reader reads stored and deflated entries', () => {
  const zip = makeZip([
    { name: 'a.txt', data: Buffer.from('hello'), deflate: false },
    { name: 'dir/b.json', data: Buffer.from('{"x":1}'.repeat(50)), deflate: true },
  ]);
  expect(readZip(zip).map((e) => [e.name, e.data?.toString().slice(0, 7)])).toEqual([
    ['a.txt', 'hello'],
    ['dir/b.json', '{"x":1}'],
  ]);
});

test('finds every form, in nested folders, archives and embedded archives', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'html', 'data'), { recursive: true });
  const json = JSON.stringify({ note: `token ${SECRET}` });
  writeFileSync(join(dir, 'plain.txt'), `x ${SECRET} y`);
  writeFileSync(join(dir, 'url.txt'), `https://x.test/?t=${encodeURIComponent(SECRET)}`);
  writeFileSync(join(dir, 'form.txt'), new URLSearchParams({ t: SECRET }).toString());
  writeFileSync(join(dir, 'escaped.json'), JSON.stringify({ s: `q"${SECRET}` }));
  writeFileSync(join(dir, 'b64.txt'), Buffer.from(`zz${SECRET}`).toString('base64'));
  writeFileSync(join(dir, 'b64url.txt'), Buffer.from(`z${SECRET}`).toString('base64url'));
  writeFileSync(join(dir, 'html', 'data', 'trace.zip'), makeZip([{ name: 'trace.network', data: Buffer.from(json), deflate: true }]));
  writeFileSync(join(dir, 'log.gz'), gzipSync(json));
  const embedded = makeZip([{ name: 'report.json', data: Buffer.from(json.repeat(20)), deflate: true }]).toString('base64');
  writeFileSync(join(dir, 'html', 'index.html'), `<script>window.report = "data:application/zip;base64,${embedded}";</script>`);
  writeFileSync(join(dir, 'clean.txt'), 'nothing to see; sk-live-Secret_value (a prefix is not the secret)');

  const hits = scanForSecrets(dir, [{ label: 'api key', value: SECRET }, OTHER]);
  // Forms that coincide for this secret (URL- and form-encoding; base64 and base64url) are searched once.
  const seen = hits.map((h) => `${h.file.replace(/@\d+/, '@N')} ${h.form.replace(/^(form-encoded|url-encoded)$/, 'encoded').replace(/^base64url$/, 'base64')}`).sort();
  expect(seen).toEqual(
    [
      'b64.txt base64',
      'b64url.txt base64',
      'escaped.json plain',
      'form.txt encoded',
      'html/data/trace.zip!trace.network plain',
      'html/index.html#base64@N!report.json plain',
      'log.gz!gunzip plain',
      'plain.txt plain',
      'url.txt encoded',
    ].sort(),
  );
  expect(hits.every((h) => h.secret === 'api key')).toBe(true);
  // A hit never carries the secret itself: the scan's output may be printed.
  expect(JSON.stringify(hits)).not.toContain(SECRET);
});

test('an unrecognisably short secret is refused rather than matched by chance', () => {
  expect(() => scanForSecrets(tempDir(), ['abc'])).toThrow(/shorter than 6/);
});

test('a hit shows its context with every secret replaced by its label, also one cut by the window edge; stats count what was searched', () => {
  const dir = tempDir();
  const pad = 'x'.repeat(78);
  // The 80-character window after SECRET ends 1 character into OTHER: unmasked, its head would show.
  writeFileSync(join(dir, 'a.txt'), `head ${SECRET} ${pad}${OTHER} tail`);
  writeFileSync(join(dir, 'b.gz'), gzipSync('nothing'));
  const stats = { files: 0, bytes: 0, archives: 0, archiveEntries: 0 };
  const hits = scanForSecrets(dir, [{ label: 'api key', value: SECRET }, { label: 'other', value: OTHER }], stats);
  const hit = hits.find((h) => h.secret === 'api key' && h.form === 'plain');
  expect(hit?.context).toBe(`head «api key» ${pad}«other»…`);
  expect(JSON.stringify(hits)).not.toContain(SECRET);
  expect(JSON.stringify(hits)).not.toContain(`${pad}${OTHER[0]}`);
  expect(stats).toMatchObject({ files: 2, archives: 1, archiveEntries: 1 });
});

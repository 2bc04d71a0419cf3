/**
 * GitHub Actions expressions (`${{ … }}`), the part action.yml and the example workflow use: property paths
 * (`inputs.history-key`, `steps.cache.outputs.cache-hit`), string, number and boolean literals, `!`, `==`,
 * `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||` (each returning an operand, as GitHub's do), parentheses, and the
 * status functions. Anything else throws: an action that grows past this subset must grow this file too,
 * so tests/package/action-steps.spec.ts never runs an expression it reads differently from GitHub.
 * https://docs.github.com/en/actions/reference/evaluate-expressions-in-workflows-and-actions
 */

export type Value = string | number | boolean | null | { [key: string]: Value };
export interface Contexts {
  [name: string]: Value;
}
/** The job's status so far, for success(), failure() and always(). */
export interface Status {
  failed: boolean;
}

type Token = { kind: 'op'; text: string } | { kind: 'value'; value: Value } | { kind: 'path'; path: string[] } | { kind: 'call'; name: string };

function tokens(source: string): Token[] {
  const out: Token[] = [];
  const pattern = /\s*(?:('(?:[^']|'')*')|(\d+(?:\.\d+)?)|(==|!=|<=|>=|&&|\|\||[!()<>])|([A-Za-z_][\w-]*(?:\.[A-Za-z_*][\w-]*)*)(\([^)]*\))?)/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(source);
    if (!m) throw new Error(`expression not understood at "${source.slice(at)}" in: ${source}`);
    at = pattern.lastIndex;
    if (m[1] !== undefined) out.push({ kind: 'value', value: m[1].slice(1, -1).replace(/''/g, "'") });
    else if (m[2] !== undefined) out.push({ kind: 'value', value: Number(m[2]) });
    else if (m[3] !== undefined) out.push({ kind: 'op', text: m[3] });
    else if (m[5]) out.push({ kind: 'call', name: m[5] === '()' ? m[4] : `${m[4]}${m[5]}` });
    else if (m[4] === 'true' || m[4] === 'false') out.push({ kind: 'value', value: m[4] === 'true' });
    else if (m[4] === 'null') out.push({ kind: 'value', value: null });
    else out.push({ kind: 'path', path: m[4].split('.') });
  }
  return out;
}

const truthy = (v: Value) => !(v === null || v === false || v === 0 || v === '');

/** GitHub's loose comparison: same types compare as they are (strings ignoring case), others as numbers. */
function compare(a: Value, b: Value): number {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase().localeCompare(b.toLowerCase());
  const n = (v: Value) => (v === null ? 0 : typeof v === 'boolean' ? Number(v) : v === '' ? 0 : Number(v));
  const [x, y] = [n(a), n(b)];
  return Number.isNaN(x) || Number.isNaN(y) ? Number.NaN : x - y;
}

export function evaluate(source: string, contexts: Contexts, status: Status = { failed: false }): Value {
  const list = tokens(source);
  let i = 0;
  const peek = () => list[i];
  const isOp = (text: string) => peek()?.kind === 'op' && (peek() as { text: string }).text === text;
  const primary = (): Value => {
    const t = list[i++];
    if (!t) throw new Error(`expression ends early: ${source}`);
    if (t.kind === 'value') return t.value;
    if (t.kind === 'path') {
      let v: Value = contexts[t.path[0]] ?? null;
      for (const key of t.path.slice(1)) v = v !== null && typeof v === 'object' ? (v[key] ?? null) : null;
      return v;
    }
    if (t.kind === 'call') {
      if (t.name === 'always') return true;
      if (t.name === 'success') return !status.failed;
      if (t.name === 'failure') return status.failed;
      if (t.name === 'cancelled') return false;
      throw new Error(`function ${t.name} is not simulated: ${source}`);
    }
    if (t.text === '!') return !truthy(primary());
    if (t.text === '(') {
      const v = or();
      if (!isOp(')')) throw new Error(`a parenthesis is not closed: ${source}`);
      i++;
      return v;
    }
    throw new Error(`unexpected ${t.text} in: ${source}`);
  };
  const comparison = (): Value => {
    let left = primary();
    for (;;) {
      const op = ['==', '!=', '<', '<=', '>', '>='].find(isOp);
      if (!op) return left;
      i++;
      const c = compare(left, primary());
      left = op === '==' ? c === 0 : op === '!=' ? c !== 0 : op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
  };
  const and = (): Value => {
    let left = comparison();
    while (isOp('&&')) {
      i++;
      const right = comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const or = (): Value => {
    let left = and();
    while (isOp('||')) {
      i++;
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  const value = or();
  if (i !== list.length) throw new Error(`expression not understood after token ${i}: ${source}`);
  return value;
}

const asText = (v: Value): string => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A value of YAML with `${{ … }}` in it, as GitHub interpolates it into a string. */
export function interpolate(text: unknown, contexts: Contexts, status?: Status): string {
  return String(text ?? '').replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) => asText(evaluate(expression, contexts, status)));
}

/** A step's `if:`: an expression with or without its `${{ }}`; none is success(). */
export function condition(text: string | undefined, contexts: Contexts, status: Status): boolean {
  if (text === undefined) return !status.failed;
  const bare = text.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const expression = /\b(always|success|failure|cancelled)\(\)/.test(bare) ? bare : `success() && (${bare})`;
  return truthy(evaluate(expression, contexts, status));
}

/**
 * How the GitHub Action's inputs become the run (scripts/action-run.ts): its settings (an input over the
 * env:'s variable of the same name), its command-line words (the `args` input), and the job's exit code.
 */

const INPUT = 'SCC_INPUT_';

/** The job's exit code for a gate's: INCOMPLETE passes the step only when the caller allows it. */
export function jobExitCode(gate: number, failOnIncomplete: boolean): number {
  if (gate === 3 && !failOnIncomplete) return 0;
  return gate >= 0 && gate <= 3 ? gate : 2;
}

/** Words as a POSIX shell splits them: blanks separate, '…' and "…" quote, a backslash escapes one character. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word ??= '';
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\' && i + 1 < text.length) word += text[++i];
      else word += c;
    }
  }
  if (quote) throw new Error(`args: a quote (${quote}) is not closed`);
  if (word !== undefined) words.push(word);
  return words;
}

/** The run's environment: each non-empty input as its SC_ setting over the env:'s, then empty SC_ values unset. */
export function settingsEnv(given: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...given };
  for (const [name, value] of Object.entries(given)) {
    if (!name.startsWith(INPUT)) continue;
    delete env[name];
    if (value) env[`SC_${name.slice(INPUT.length)}`] = value;
  }
  return Object.fromEntries(Object.entries(env).filter(([name, value]) => !(name.startsWith('SC_') && value === '')));
}

/**
 * The recorded figures of the suite's teeth (teeth/scores.json, written by
 * `npm run teeth:record` from the last full kill matrix and mutation run; docs/TEETH.md):
 * shown in the conformance report's footer and docs/TEETH.md, so no report run needs
 * the matrix. Missing or unreadable: nothing is shown.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SCORES_FILE = fileURLToPath(new URL('../teeth/scores.json', import.meta.url));

export interface TeethScores {
  kill?: { generatedAt: string; killed: number; defects: number; precision: { inside: number; charged: number } };
  mutation: {
    generatedAt: string;
    /** Per file: Stryker's counts and score, and the accounted score (equivalent and spec-left-open survivors set aside). */
    files: { file: string; mutants: number; killed: number; timeout: number; survived: number; noCoverage: number; score: number; accounted: number }[];
    /** Over the files: killed ÷ the mutants neither equivalent nor left open by the spec. */
    accounted: { detected: number; relevant: number; score: number };
  };
}

export function loadTeethScores(path = SCORES_FILE): TeethScores | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as TeethScores;
  } catch {
    return undefined;
  }
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** One sentence: the kill score and the mutation score of the recorded runs. */
export function teethScoresText(scores: TeethScores | undefined): string {
  if (!scores) return '';
  const parts: string[] = [];
  const k = scores.kill;
  if (k) parts.push(`kill score ${k.killed}/${k.defects} defects killed, blame precision ${k.precision.inside}/${k.precision.charged}`);
  const m = scores.mutation;
  const detected = m.files.reduce((n, f) => n + f.killed + f.timeout, 0);
  const valid = m.files.reduce((n, f) => n + f.killed + f.timeout + f.survived + f.noCoverage, 0);
  parts.push(
    `mutation score ${pct(valid ? detected / valid : 0)} (${detected}/${valid}) of ${m.files.length} reference files, ${pct(m.accounted.score)} of the mutants that matter (${m.accounted.detected}/${m.accounted.relevant})`,
  );
  return `Teeth of this version (docs/TEETH.md): ${parts.join('; ')}.`;
}

import { type DefectName, isDefectName } from './defects/index.js';
import { type EvasionName, isEvasionName } from './evasions.js';
import { isVariantName, type VariantName } from './variants.js';

/**
 * What one running reference deviates in (at most one defect) and which allowed
 * variants it chose. Passed to every part of the server; read at the exact place
 * where the behaviour differs. The names are typed from the declarations
 * (reference/defects/*.ts, reference/variants.ts): a misspelt name does not compile.
 */
export class Seam {
  private readonly activeDefect: DefectName | undefined;
  private readonly variants: Set<VariantName>;
  private readonly evasions: Set<EvasionName>;

  constructor(activeDefect: string | undefined, variants: string[], evasions: string[] = []) {
    if (activeDefect !== undefined && !isDefectName(activeDefect)) {
      throw new Error(`REFERENCE_DEFECT: unknown defect '${activeDefect}' (see reference/defects/)`);
    }
    this.activeDefect = activeDefect;
    const chosen = new Set<VariantName>();
    for (const v of variants) {
      if (!isVariantName(v)) throw new Error(`REFERENCE_VARIANTS: unknown variant '${v}' (see reference/variants.ts)`);
      chosen.add(v);
    }
    this.variants = chosen;
    const evading = new Set<EvasionName>();
    for (const e of evasions) {
      if (!isEvasionName(e)) throw new Error(`REFERENCE_EVASIONS: unknown evasion '${e}' (see reference/evasions.ts)`);
      evading.add(e);
    }
    this.evasions = evading;
  }

  /** True when the named deviation from the spec is switched on. */
  defect(name: DefectName): boolean {
    return this.activeDefect === name;
  }

  /** True when the named allowed variant is switched on. */
  variant(name: VariantName): boolean {
    return this.variants.has(name);
  }

  /** True when the named evasive behaviour is switched on (reference/evasions.ts). */
  evasion(name: EvasionName): boolean {
    return this.evasions.has(name);
  }

  get defectName(): DefectName | undefined {
    return this.activeDefect;
  }
}

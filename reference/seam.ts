import { DEFECTS } from './defects/index.js';
import { VARIANTS } from './variants.js';

/**
 * What one running reference deviates in (at most one defect) and which allowed
 * variants it chose. Passed to every part of the server; read at the exact place
 * where the behaviour differs.
 */
export class Seam {
  private readonly variants: Set<string>;

  constructor(
    private readonly activeDefect: string | undefined,
    variants: string[],
  ) {
    if (activeDefect !== undefined && !(activeDefect in DEFECTS)) {
      throw new Error(`REFERENCE_DEFECT: unknown defect '${activeDefect}' (see reference/defects/)`);
    }
    for (const v of variants) {
      if (!(v in VARIANTS)) throw new Error(`REFERENCE_VARIANTS: unknown variant '${v}' (see reference/variants.ts)`);
    }
    this.variants = new Set(variants);
  }

  /** True when the named deviation from the spec is switched on. */
  defect(name: string): boolean {
    if (!(name in DEFECTS)) throw new Error(`defect '${name}' is not declared in reference/defects/`);
    return this.activeDefect === name;
  }

  /** True when the named allowed variant is switched on. */
  variant(name: string): boolean {
    if (!(name in VARIANTS)) throw new Error(`variant '${name}' is not declared in reference/variants.ts`);
    return this.variants.has(name);
  }

  get defectName(): string | undefined {
    return this.activeDefect;
  }
}

/**
 * Requirement IDs live in a check's title: `[ITEM-QUOTA-1][ITEM-LIST-2] a create …`.
 * Only the leading brackets count, so a title may still mention an ID in prose.
 */

/** GROUP-TOPIC-N, e.g. ITEM-QUOTA-1, AUTH-PKCE-2, GEN-AUTH-1. Loose on purpose: unknown IDs are reported, not dropped. */
const ID = /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$/;

export interface TitleIds {
  ids: string[];
  /** The title after the brackets. */
  rest: string;
  /** Bracket contents that do not look like IDs (reported as problems). */
  malformed: string[];
}

export function parseTitleIds(title: string): TitleIds {
  const ids: string[] = [];
  const malformed: string[] = [];
  let rest = title.trimStart();
  for (;;) {
    const m = /^\[([^\]]*)\]\s*/.exec(rest);
    if (!m) break;
    rest = rest.slice(m[0].length);
    // Tolerate `[A-1, B-2]` as well as `[A-1][B-2]`.
    for (const part of m[1].split(/[,\s]+/).filter(Boolean)) {
      if (ID.test(part)) {
        if (!ids.includes(part)) ids.push(part);
      } else malformed.push(part);
    }
  }
  return { ids, rest, malformed };
}

/** The group part of an ID: ITEM-QUOTA-1 → ITEM. */
export function idPrefix(id: string): string {
  return id.split('-')[0];
}

/** The topic part of an ID: ITEM-QUOTA-1 → QUOTA. */
export function idTopic(id: string): string {
  const parts = id.split('-');
  return parts.length > 2 ? parts.slice(1, -1).join('-') : (parts[1] ?? id);
}

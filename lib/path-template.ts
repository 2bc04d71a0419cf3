/**
 * Path templates, the one matcher of the suite and the reference: the
 * reference's router (`/items/:itemId`, reference/core/http.ts) and the checked
 * API client finding the OpenAPI operation of a request (`/items/{itemId}`,
 * clients/api-client.ts). A parameter segment matches any one segment; a
 * literal segment only itself; literal segments win over parameters
 * (`/items/inactive` before `/items/{itemId}`).
 */

export interface PathTemplate {
  /** Each segment: a literal, or a parameter by name. */
  segments: ({ literal: string } | { param: string })[];
  /** How many segments are literal: the more, the more specific the template. */
  literals: number;
}

/** The non-empty segments of a path, without its query. */
export function pathSegments(path: string): string[] {
  return path.split('?')[0].split('/').filter((s) => s.length > 0);
}

/** Parses `/items/:itemId` or `/items/{itemId}`. */
export function parseTemplate(template: string): PathTemplate {
  const segments = pathSegments(template).map((s) => {
    const param = /^:(.+)$/.exec(s)?.[1] ?? /^\{(.+)\}$/.exec(s)?.[1];
    return param === undefined ? { literal: s } : { param };
  });
  return { segments, literals: segments.filter((s) => 'literal' in s).length };
}

/** The raw (still percent-encoded) value of each parameter when `path` matches the template, else undefined. */
export function matchTemplate(template: PathTemplate, path: string): Record<string, string> | undefined {
  const parts = pathSegments(path);
  if (parts.length !== template.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of template.segments.entries()) {
    if ('param' in segment) params[segment.param] = parts[i];
    else if (segment.literal !== parts[i]) return undefined;
  }
  return params;
}

/** Most literal segments first, otherwise in the order given (a stable sort). */
export const mostSpecificFirst = <T extends { template: PathTemplate }>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => b.template.literals - a.template.literals);

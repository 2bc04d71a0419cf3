/**
 * Identifiers looked for anywhere in a JSON body, whatever wraps them: the
 * transactions group shows no body beyond its identifiers ("Request and
 * response bodies … not shown"), so its checks and the bearer probes of its
 * operations (specs/auth) find an id by value or by field name at any depth.
 */

/** True when `id` appears as a string value anywhere in the JSON (any field name, any depth). */
export function holdsId(json: unknown, id: string): boolean {
  if (json === id) return true;
  if (Array.isArray(json)) return json.some((v) => holdsId(v, id));
  if (json !== null && typeof json === 'object') return Object.values(json).some((v) => holdsId(v, id));
  return false;
}

/** The first string value of any of `fields`, anywhere in the JSON (the spec names `deliveryId`; `delivery_id` is its snake-case twin). */
export function findField(json: unknown, fields: readonly string[]): string | undefined {
  if (Array.isArray(json)) {
    for (const v of json) {
      const found = findField(v, fields);
      if (found !== undefined) return found;
    }
  } else if (json !== null && typeof json === 'object') {
    for (const name of fields) {
      const v = (json as Record<string, unknown>)[name];
      if (typeof v === 'string' && v !== '') return v;
    }
    for (const v of Object.values(json)) {
      const found = findField(v, fields);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

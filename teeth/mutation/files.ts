import { readFileSync } from 'node:fs';

/** A JSON file's content, or undefined when it is missing or unreadable (a host that died left none). */
export function readJsonFile<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

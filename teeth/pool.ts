/**
 * Runs tasks at most `jobs` at a time. Each task gets a slot number (0…jobs-1),
 * stable for its run, so concurrent runs can use distinct ports (base + slot).
 */
export async function runPool<T, R>(
  items: readonly T[],
  jobs: number,
  task: (item: T, slot: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`jobs must be a positive integer, got ${jobs}`);
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (slot: number): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], slot);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, (_, slot) => lane(slot)));
  return results;
}

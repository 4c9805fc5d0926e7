/** Waits (on real macrotasks) until `condition` holds; fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

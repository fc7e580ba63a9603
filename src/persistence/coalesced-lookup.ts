/**
 * Point lookups issued in the same event-loop turn, run as one batched query.
 *
 * Why: under load the HTTP server parses many requests in one poll phase, and each would otherwise
 * cost its own database round trip: a socket write, a backend wake-up, executor start-up and a
 * row description to parse. Measured on GET /scans/{id} (bench/api-throughput.bench.ts), those
 * fixed costs were most of the request. The batch is sent from `setImmediate`, i.e. right after
 * the poll phase that queued it: a busy service pays one round trip per turn instead of one per
 * request; an idle one pays about 0.05 ms per read for the deferral (0.46 -> 0.51 ms per request at
 * one connection, bench/README.md).
 *
 * Semantics are a plain read's: every key is looked up by a query that starts after the caller
 * asked, so a caller sees every write committed before its call. Not for use inside a transaction
 * (the batch runs on the pool, outside it).
 *
 * `loadMany(keys)` answers one value per key, in key order (null for a miss). Each caller gets the
 * value at its own position; when the batch fails, every caller of it gets the error.
 */
export function coalescedLookup<Key, Value>(
  loadMany: (keys: Key[]) => Promise<Value[]>,
  maxBatchSize = 100,
): (key: Key) => Promise<Value> {
  let keys: Key[] = [];
  let settlers: { resolve: (value: Value) => void; reject: (error: unknown) => void }[] = [];

  const flush = (): void => {
    if (keys.length === 0) return;
    const batchKeys = keys;
    const batchSettlers = settlers;
    keys = [];
    settlers = [];
    let loaded: Promise<Value[]>;
    try {
      loaded = loadMany(batchKeys);
    } catch (error) { // a loader that throws before its promise must still answer every caller
      loaded = Promise.reject(error);
    }
    loaded.then(
      (values) => {
        if (values.length !== batchKeys.length) {
          const error = new Error(`coalescedLookup: ${values.length} values for ${batchKeys.length} keys`);
          for (const settler of batchSettlers) settler.reject(error);
          return;
        }
        for (let i = 0; i < batchSettlers.length; i++) batchSettlers[i].resolve(values[i]);
      },
      (error: unknown) => {
        for (const settler of batchSettlers) settler.reject(error);
      },
    );
  };

  return (key) => new Promise<Value>((resolve, reject) => {
    if (keys.length === 0) setImmediate(flush);
    keys.push(key);
    settlers.push({ resolve, reject });
    // A full batch goes now; the setImmediate already queued then finds the next one (or nothing).
    if (keys.length >= maxBatchSize) flush();
  });
}

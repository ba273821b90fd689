// Group commit (docs/otlp.md#group-commit): requests that arrive while a write is
// in flight wait for it and are then written together, in one transaction, as
// databases group their commits. A request that finds nothing in flight is written
// at once: the window is the write before it, never a timer, so a lone exporter
// waits for nothing and concurrent ones share a transaction's fixed costs (its
// round trips, its locks, its flush). Each request is answered with its own
// result, only once the write that holds it has ended; a failed write fails the
// requests it held and no others. A group holds at most `maxWeight` (the sum of
// `weightOf`), and always at least one request. No I/O here: `write` does it.
// O(requests) per group.

export type GroupWriter<J, R> = (job: J) => Promise<R>;

type Pending<J, R> = { job: J; resolve: (r: R) => void; reject: (e: unknown) => void };

/**
 * `write(jobs)` stores a group and resolves with one result per job, in order.
 * The returned function queues a job and resolves with its result.
 */
export function createGroupCommit<J, R>(
  write: (jobs: J[]) => Promise<R[]>,
  { maxWeight, weightOf }: { maxWeight: number; weightOf: (job: J) => number },
): GroupWriter<J, R> {
  const queue: Pending<J, R>[] = [];
  let writing = false;

  const takeGroup = (): Pending<J, R>[] => {
    let weight = weightOf(queue[0]!.job);
    let n = 1;
    while (n < queue.length && weight + weightOf(queue[n]!.job) <= maxWeight) weight += weightOf(queue[n++]!.job);
    return queue.splice(0, n);
  };

  const drain = async () => {
    writing = true;
    try {
      while (queue.length > 0) {
        const group = takeGroup();
        try {
          const results = await write(group.map((p) => p.job));
          group.forEach((p, i) => p.resolve(results[i]!));
        } catch (err) {
          for (const p of group) p.reject(err);
        }
      }
    } finally {
      writing = false;
    }
  };

  return (job) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ job, resolve, reject });
      if (!writing) void drain();
    });
}

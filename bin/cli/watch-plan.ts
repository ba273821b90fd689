// `loopscope watch` decides, at each poll, which files to send
// (docs/import.md#watching-a-live-session). A file is sent when its size or
// modification time differ from those of its last successful send, and it has
// been quiet — unchanged — for the quiet time. Quiet is measured on this
// machine's clock, from the poll that first saw the file as it is now, not
// from its mtime alone (a network filesystem's clock may be off); a file met
// for the first time is taken to have been as it is since its mtime, so a
// restart sends what changed while it was down without waiting. Pure: the
// clock is an argument. O(files) per poll.

/** A file as a poll found it; `file` is its absolute path. */
export type FileStat = { file: string; size: number; mtimeMs: number };

/** What a file was when it was last sent successfully (the state file keeps these). */
export type FileMark = { size: number; mtime_ms: number };

/** Since when (epoch ms, this machine's clock) each file has been as it was last seen. */
export type SeenFiles = Record<string, { size: number; mtimeMs: number; sinceMs: number }>;

export type WatchMemory = { sent: Record<string, FileMark>; seen: SeenFiles };

const sameFile = (a: { size: number; mtimeMs: number }, b: { size: number; mtimeMs: number }) =>
  a.size === b.size && a.mtimeMs === b.mtimeMs;

/**
 * The files to send now, in the order found, and what this poll saw (the
 * `seen` of the next). A file unchanged since its last send is never sent; a
 * changed one waits until it has been quiet for `quietMs`.
 */
export function filesToSend(
  previous: WatchMemory,
  stats: readonly FileStat[],
  nowMs: number,
  quietMs: number,
): { send: FileStat[]; seen: SeenFiles } {
  const send: FileStat[] = [];
  const seen: SeenFiles = {};
  for (const stat of stats) {
    const before = previous.seen[stat.file];
    const sinceMs =
      before === undefined ? Math.min(stat.mtimeMs, nowMs) : sameFile(before, stat) ? before.sinceMs : nowMs;
    seen[stat.file] = { size: stat.size, mtimeMs: stat.mtimeMs, sinceMs };
    const mark = previous.sent[stat.file];
    const unchanged = mark !== undefined && sameFile({ size: mark.size, mtimeMs: mark.mtime_ms }, stat);
    if (!unchanged && nowMs - sinceMs >= quietMs) send.push(stat);
  }
  return { send, seen };
}

/** The mark of a file sent successfully as it was polled. */
export function markOf(stat: FileStat): FileMark {
  return { size: stat.size, mtime_ms: stat.mtimeMs };
}

import { describe, expect, it } from "vitest";
import { describeTimelineLoad, type TimelineLoad } from "@/lib/timeline/status";

const load = (patch: Partial<TimelineLoad>): TimelineLoad => ({
  error: null,
  total: 100_000,
  loaded: 2_000,
  done: false,
  rows: 2_000,
  filtered: false,
  ...patch,
});

describe("the timeline's status line", () => {
  it.each([
    ["before the first page", load({ total: null, loaded: 0 }), "loading…"],
    ["while pages arrive, against the run's span count", load({}), "loading 2,000 / 100,000 spans…"],
    [
      "once all arrived, spans and rows",
      load({ loaded: 100_000, done: true, rows: 1_234 }),
      "100,000 spans · 1,234 rows",
    ],
    [
      "with a filter on",
      load({ loaded: 100_000, done: true, rows: 17, filtered: true }),
      "100,000 spans · 17 rows (filtered)",
    ],
    ["an error wins over the progress", load({ error: "HTTP 500", done: true }), "error: HTTP 500"],
  ])("%s", (_, l, line) => {
    expect(describeTimelineLoad(l)).toBe(line);
  });
});

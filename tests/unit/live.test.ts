// docs/import.md#watching-a-live-session: a run is "Live" while its last write is recent.
import { describe, expect, test } from "vitest";
import { isReceiving, LIVE_WINDOW_MS } from "@/lib/live";

const NOW = Date.parse("2026-03-04T10:20:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("isReceiving", () => {
  test.each([
    ["written a second ago", ago(1_000), true],
    ["written just inside the window", ago(LIVE_WINDOW_MS), true],
    ["written just outside the window", ago(LIVE_WINDOW_MS + 1), false],
    ["written an hour ago", ago(3_600_000), false],
    ["stamped 30 s ahead of now (another clock)", ago(-30_000), true],
    ["stamped an hour ahead of now", ago(-3_600_000), false],
  ])("a run %s: %s", (_, updatedAt, receiving) => {
    expect(isReceiving(updatedAt, NOW)).toBe(receiving);
  });

  test("no time, or one that does not parse, is not receiving", () => {
    expect(isReceiving(null, NOW)).toBe(false);
    expect(isReceiving("yesterday", NOW)).toBe(false);
  });

  test("the window is a parameter; microseconds count", () => {
    expect(isReceiving("2026-03-04T10:19:55.000000Z", NOW, 5_000)).toBe(true);
    expect(isReceiving("2026-03-04T10:19:54.999999Z", NOW, 5_000)).toBe(false);
  });
});

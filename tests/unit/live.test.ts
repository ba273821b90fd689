// docs/dashboard.md#live: a run is "Live" while data reached it lately AND its
// newest record's own time is recent too; an import of old files never is.
import { describe, expect, test } from "vitest";
import { isReceiving, LIVE_CLOCK_SKEW_MS, LIVE_WINDOW_MS } from "@/lib/live";

const NOW = Date.parse("2026-03-04T10:20:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const FEBRUARY = "2026-02-03T11:00:00.000000Z";

describe("isReceiving", () => {
  test.each([
    ["written a second ago, its newest record 5 s old", ago(1_000), ago(5_000), true],
    ["written just inside the window", ago(LIVE_WINDOW_MS), ago(LIVE_WINDOW_MS), true],
    ["written just outside the window", ago(LIVE_WINDOW_MS + 1), ago(1_000), false],
    ["written an hour ago", ago(3_600_000), ago(3_600_000), false],
    ["stamped 30 s ahead of now (another clock)", ago(-30_000), ago(-30_000), true],
    ["stamped an hour ahead of now", ago(-3_600_000), ago(1_000), false],
  ])("a run %s: %s", (_, updatedAt, lastRecordAt, receiving) => {
    expect(isReceiving({ updatedAt, lastRecordAt }, NOW)).toBe(receiving);
  });

  test("an import of old files is not live, however recent the import", () => {
    expect(isReceiving({ updatedAt: ago(0), lastRecordAt: FEBRUARY }, NOW)).toBe(false);
    expect(
      isReceiving({ updatedAt: ago(1_000), lastRecordAt: ago(LIVE_WINDOW_MS + LIVE_CLOCK_SKEW_MS + 1) }, NOW),
    ).toBe(false);
  });

  test("the newest record may lag by the window plus a little clock skew", () => {
    const lag = LIVE_WINDOW_MS + LIVE_CLOCK_SKEW_MS;
    expect(isReceiving({ updatedAt: ago(1_000), lastRecordAt: ago(lag) }, NOW)).toBe(true);
  });

  test("a newest record stamped ahead of now counts only within the skew", () => {
    expect(isReceiving({ updatedAt: ago(0), lastRecordAt: ago(-LIVE_CLOCK_SKEW_MS) }, NOW)).toBe(true);
    expect(isReceiving({ updatedAt: ago(0), lastRecordAt: ago(-LIVE_CLOCK_SKEW_MS - 1) }, NOW)).toBe(false);
  });

  test("no time, or one that does not parse, is not receiving", () => {
    expect(isReceiving({ updatedAt: null, lastRecordAt: ago(0) }, NOW)).toBe(false);
    expect(isReceiving({ updatedAt: ago(0), lastRecordAt: null }, NOW)).toBe(false);
    expect(isReceiving({ updatedAt: "yesterday", lastRecordAt: ago(0) }, NOW)).toBe(false);
  });

  test("the window is a parameter; microseconds count", () => {
    const lastRecordAt = ago(1_000);
    expect(isReceiving({ updatedAt: "2026-03-04T10:19:55.000000Z", lastRecordAt }, NOW, 5_000)).toBe(true);
    expect(isReceiving({ updatedAt: "2026-03-04T10:19:54.999999Z", lastRecordAt }, NOW, 5_000)).toBe(false);
  });
});

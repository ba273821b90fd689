"use client";
// docs/dashboard.md#live — a run still receiving data (the server decides,
// lib/live.ts: fresh data whose own times are recent) shows a "Live" badge,
// and its page re-reads itself every LIVE_REFRESH_MS: router.refresh renders
// the server page again and keeps the client state (the timeline's zoom, the
// open tab). Once data stops, a render says so: the badge goes, and the timer
// with it. A hidden tab skips its refreshes.
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { LIVE_REFRESH_MS } from "@/lib/live";

export function RunLiveBadge({ receiving }: { receiving: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!receiving) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") router.refresh();
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [receiving, router]);
  if (!receiving) return null;
  return (
    <span
      className="badge ok"
      role="status"
      title="Records written in the last 2 minutes reached this run just now; the page refreshes itself every 5 s"
      data-testid="run-live"
    >
      Live — receiving data
    </span>
  );
}

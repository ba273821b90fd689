// Which iterations the table shows and how to move: "iterations 51–100 of 600",
// the previous and next pages, and, when zoomed by the strip, a way back to
// all of them. Plain links carrying `iters=` and `page=`: the URL is the state.
import Link from "next/link";
import { formatIterationRange, type IterationPage } from "@/lib/charts/iteration-page";
import { runTabHref } from "./run-tabs";

type Props = { runId: string; page: IterationPage<{ n: number }>; all: number };

export function IterationPager({ runId, page, all }: Props) {
  const href = (p: number) =>
    runTabHref(runId, "iterations", {
      ...(page.range ? { iters: formatIterationRange(page.range) } : {}),
      ...(p > 1 ? { page: String(p) } : {}),
    });
  const first = page.rows[0]?.n;
  const last = page.rows[page.rows.length - 1]?.n;
  return (
    <nav className="pager iteration-pager" aria-label="Iteration pages" data-testid="iteration-pager">
      <span className="muted" data-testid="iteration-pager-status">
        {first == null ? "no iterations here" : `iterations ${first}–${last}`} · {page.total} of {all}
        {page.range ? ` (zoomed to ${page.range.from}–${page.range.to})` : ""} · page {page.page} of {page.pages}
      </span>
      <span className="spacer" />
      {page.page > 1 && (
        <Link className="btn" href={href(page.page - 1)} scroll={false} data-testid="iteration-page-prev">
          ← Previous
        </Link>
      )}
      {page.page < page.pages && (
        <Link className="btn" href={href(page.page + 1)} scroll={false} data-testid="iteration-page-next">
          Next →
        </Link>
      )}
      {page.range && (
        <Link className="btn" href={runTabHref(runId, "iterations")} scroll={false} data-testid="iteration-zoom-reset">
          All iterations
        </Link>
      )}
    </nav>
  );
}

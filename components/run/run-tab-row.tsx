"use client";
// The run tabs' row (docs/dashboard.md#on-a-phone): when the tabs are wider
// than the screen the row scrolls inside itself, scrolls the active tab into
// view, and marks the side that has more tabs (data-more-start,
// data-more-end) for globals.css to fade that edge. Without script the row
// still scrolls; only the fade and the first scroll are missing.
import { useEffect, useRef, type ReactNode } from "react";

/** Room left beside the active tab, past the fade, when it is scrolled into view. */
const ACTIVE_MARGIN_PX = 32;

export function RunTabRow({ active, children }: { active: string; children: ReactNode }) {
  const rowRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const markEdges = () => {
      const rest = row.scrollWidth - row.clientWidth - row.scrollLeft;
      row.dataset.moreStart = String(row.scrollLeft > 1);
      row.dataset.moreEnd = String(rest > 1);
    };
    markEdges();
    row.addEventListener("scroll", markEdges, { passive: true });
    // The count badges stream in and widen their tabs: watch the tabs, not only the row.
    const resizes = new ResizeObserver(markEdges);
    resizes.observe(row);
    for (const tab of row.children) resizes.observe(tab);
    return () => {
      row.removeEventListener("scroll", markEdges);
      resizes.disconnect();
    };
  }, []);

  useEffect(() => {
    const row = rowRef.current;
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !tab) return;
    // Only the row scrolls (scrollIntoView could also move the page).
    const rowBox = row.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.right > rowBox.right) row.scrollLeft += tabBox.right - rowBox.right + ACTIVE_MARGIN_PX;
    else if (tabBox.left < rowBox.left) row.scrollLeft -= rowBox.left - tabBox.left + ACTIVE_MARGIN_PX;
  }, [active]);

  return (
    <nav ref={rowRef} className="run-tabs" role="tablist" aria-label="Run views">
      {children}
    </nav>
  );
}

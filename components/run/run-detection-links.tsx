// The stagnation card's detections: each detector (its glossary term) with the
// iterations it fired at as ranges, each range a link to the timeline at its
// first iteration with the conversation pane open on that turn
// (docs/dashboard.md#conversation). Render only: lib/charts/overview groups,
// the page builds the hrefs.
import Link from "next/link";
import type { DetectionGroup } from "@/lib/charts/overview";
import { Term } from "@/components/shared/glossary-term";

type Props = { groups: DetectionGroup[]; hrefOf: Record<number, string> };

export function RunDetectionLinks({ groups, hrefOf }: Props) {
  return (
    <span className="run-verdict-detail" data-testid="verdict-detections">
      {groups.map((g, i) => (
        <span key={g.detector}>
          {i > 0 && "; "}
          <Term kind="detector" name={g.detector} />@
          {g.ranges.map((r, j) => {
            const href = hrefOf[r.first];
            return (
              <span key={r.text}>
                {j > 0 && ", "}
                {href ? (
                  <Link
                    href={href}
                    className="detection-link"
                    data-testid="detection-link"
                    data-iteration={r.first}
                    title={`the timeline at iteration ${r.first}, beside its turn in the conversation`}
                  >
                    {r.text}
                  </Link>
                ) : (
                  r.text
                )}
              </span>
            );
          })}
        </span>
      ))}
    </span>
  );
}

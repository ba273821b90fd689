// The review card of the run page (docs/dashboard.md#review), at #review so a
// review can be shared by link; the page loads the review (db/reviews.ts) and
// the form is the interactive leaf.
import type { ReviewOut } from "@/lib/schemas/review";
import { ReviewForm } from "./review-form";

export function RunReview({ runId, review }: { runId: string; review: ReviewOut }) {
  return (
    <section className="card comments" id="review" data-testid="run-review" aria-label="Review">
      <h2>Review</h2>
      <ReviewForm runId={runId} review={review} />
    </section>
  );
}

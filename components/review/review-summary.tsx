// The review as a reader sees it (docs/dashboard.md#review): status, root
// cause, the verdict and the action items. Rendered by the server at the top
// of the post-mortem; nothing when nobody has reviewed the run yet.
import { formatTimestamp } from "@/lib/format";
import { REVIEW_CATEGORY_LABELS, type ReviewOut } from "@/lib/schemas/review";

export function ReviewSummary({ review }: { review: ReviewOut }) {
  if (review.updated_at === null && !review.verdict && review.actions.length === 0) return null;
  return (
    <section className="card review-summary" data-testid="review-summary" aria-label="Review">
      <h2>Review</h2>
      <p>
        <span className="badge" data-testid="review-summary-status">
          {review.status}
        </span>{" "}
        {review.category && (
          <span className="badge info" data-testid="review-summary-category">
            {REVIEW_CATEGORY_LABELS[review.category]}
          </span>
        )}{" "}
        {review.updated_at && (
          <span className="muted">
            {review.updated_by ? `${review.updated_by} · ` : ""}
            {formatTimestamp(review.updated_at)} UTC
          </span>
        )}
      </p>
      {review.verdict && (
        <blockquote className="review-verdict" data-testid="review-summary-verdict">
          {review.verdict}
        </blockquote>
      )}
      {review.actions.length > 0 && (
        <ul className="review-action-list" data-testid="review-summary-actions">
          {review.actions.map((a, i) => (
            <li key={i}>
              <input type="checkbox" checked={a.done} readOnly aria-label={a.done ? "done" : "not done"} /> {a.text}
              {a.owner && <span className="muted"> — {a.owner}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

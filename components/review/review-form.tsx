"use client";
// The run's review form (docs/dashboard.md#review): status, root-cause
// category, the verdict in the reviewer's words and the action items with
// owner and done-state. Saves the whole review with PUT
// /api/v1/runs/{id}/review, then asks the page to re-render.
import { useState, type FormEvent } from "react";
import {
  REVIEW_ACTION_TEXT_MAX,
  REVIEW_ACTIONS_MAX,
  REVIEW_CATEGORIES,
  REVIEW_CATEGORY_LABELS,
  REVIEW_OWNER_MAX,
  REVIEW_STATUSES,
  REVIEW_VERDICT_MAX,
  type ReviewAction,
  type ReviewOut,
} from "@/lib/schemas/review";
import { useRefreshAfter } from "@/components/shared/use-refresh-after";
import { ReviewActionRow } from "./review-action-row";
import { FormError } from "@/components/shared/form-error";

export function ReviewForm({ runId, review }: { runId: string; review: ReviewOut }) {
  const [status, setStatus] = useState(review.status);
  const [category, setCategory] = useState(review.category);
  const [verdict, setVerdict] = useState(review.verdict);
  const [actions, setActions] = useState<ReviewAction[]>(review.actions);
  const { busy, error, run } = useRefreshAfter();
  const [saved, setSaved] = useState(false);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(false);
    void run(async () => {
      const res = await fetch(`/api/v1/runs/${encodeURIComponent(runId)}/review`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status, category, verdict, actions: actions.filter((a) => a.text.trim() !== "") }),
      });
      if (!res.ok) {
        const err = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(err?.error?.message ?? `HTTP ${res.status}`);
      }
      setSaved(true);
    });
  }

  const change = (i: number, next: ReviewAction | null) =>
    setActions((list) => (next === null ? list.filter((_, j) => j !== i) : list.map((a, j) => (j === i ? next : a))));

  return (
    <form className="review-form no-print" onSubmit={submit} data-testid="review-form">
      <div className="row">
        <label>
          Status{" "}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as ReviewOut["status"])}
            data-testid="review-status"
          >
            {REVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Root cause{" "}
          <select
            value={category ?? ""}
            onChange={(e) => setCategory(e.target.value === "" ? null : (e.target.value as ReviewOut["category"]))}
            data-testid="review-category"
          >
            <option value="">not decided</option>
            {REVIEW_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {REVIEW_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <textarea
        aria-label="Verdict"
        placeholder="What went wrong, in your words"
        value={verdict}
        maxLength={REVIEW_VERDICT_MAX}
        rows={3}
        onChange={(e) => setVerdict(e.target.value)}
        data-testid="review-verdict"
      />
      <fieldset className="review-actions">
        <legend>Action items</legend>
        {actions.map((a, i) => (
          <ReviewActionRow
            key={i}
            index={i}
            action={a}
            textMax={REVIEW_ACTION_TEXT_MAX}
            ownerMax={REVIEW_OWNER_MAX}
            onChange={(next) => change(i, next)}
          />
        ))}
        <button
          type="button"
          className="btn"
          disabled={actions.length >= REVIEW_ACTIONS_MAX}
          onClick={() => setActions((list) => [...list, { text: "", owner: "", done: false }])}
          data-testid="review-add-action"
        >
          Add action item
        </button>
      </fieldset>
      <div className="row">
        <button className="btn primary" type="submit" disabled={busy} data-testid="review-save">
          {busy ? "Saving…" : "Save review"}
        </button>
        {saved && !busy && !error && (
          <span className="muted" role="status">
            Saved.
          </span>
        )}
        <FormError error={error} />
      </div>
    </form>
  );
}

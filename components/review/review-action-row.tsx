"use client";
// One action item of the review form: done, text, owner, remove.
import type { ReviewAction } from "@/lib/schemas/review";

type Props = {
  index: number;
  action: ReviewAction;
  textMax: number;
  ownerMax: number;
  onChange: (next: ReviewAction | null) => void;
};

export function ReviewActionRow({ index, action, textMax, ownerMax, onChange }: Props) {
  return (
    <div className="review-action row" data-testid="review-action">
      <input
        type="checkbox"
        aria-label={`Action ${index + 1} done`}
        checked={action.done}
        onChange={(e) => onChange({ ...action, done: e.target.checked })}
      />
      <input
        aria-label={`Action ${index + 1}`}
        placeholder="What to change"
        value={action.text}
        maxLength={textMax}
        onChange={(e) => onChange({ ...action, text: e.target.value })}
        data-testid="review-action-text"
      />
      <input
        aria-label={`Action ${index + 1} owner`}
        placeholder="Owner"
        value={action.owner}
        maxLength={ownerMax}
        onChange={(e) => onChange({ ...action, owner: e.target.value })}
        data-testid="review-action-owner"
      />
      <button type="button" className="btn" aria-label={`Remove action ${index + 1}`} onClick={() => onChange(null)}>
        ×
      </button>
    </div>
  );
}

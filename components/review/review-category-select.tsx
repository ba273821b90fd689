// The root-cause filter of a GET form (the runs list, the fleet view): "Any root cause" or one category.
import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS } from "@/lib/schemas/review";

export function ReviewCategorySelect({ value }: { value: string | undefined }) {
  return (
    <select name="category" defaultValue={value ?? ""} aria-label="root cause">
      <option value="">Any root cause</option>
      {REVIEW_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {REVIEW_CATEGORY_LABELS[c]}
        </option>
      ))}
    </select>
  );
}

// A GET form's filter (the runs list, the fleet view): "all" first, then the stored values.
/** A filter whose choices are the stored values, with "all" first. */
export function FilterSelect({
  name,
  value,
  all,
  choices,
}: {
  name: string;
  value: string | undefined;
  all: string;
  choices: string[];
}) {
  return (
    <select name={name} defaultValue={value ?? ""} aria-label={name}>
      <option value="">{all}</option>
      {choices.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}

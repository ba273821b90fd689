// A GET form's filter (the runs list, the fleet view): "all" first, then the stored values.
/** A filter whose choices are the stored values (or an enum's), with "all" first; `prefix` names each choice. */
export function FilterSelect({
  name,
  value,
  all,
  choices,
  prefix = "",
}: {
  name: string;
  value: string | undefined;
  all: string;
  choices: readonly string[];
  prefix?: string;
}) {
  return (
    <select name={name} defaultValue={value ?? ""} aria-label={name}>
      <option value="">{all}</option>
      {choices.map((c) => (
        <option key={c} value={c}>
          {prefix}
          {c}
        </option>
      ))}
    </select>
  );
}

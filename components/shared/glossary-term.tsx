// A term of the analysis where the UI shows it: a link to the heading of the
// docs that explains it (lib/glossary.ts), its one-line explanation as the
// hover text (`title`) and, for assistive tech, as its description
// (`aria-describedby` → GlossaryDescriptions, rendered once by the layout).
// Render only; no state, so server and client components can both use it.
import Link from "next/link";
import type { ReactNode } from "react";
import {
  findTerm,
  GLOSSARY,
  glossaryHref,
  splitTerms,
  termDescriptionId,
  type GlossaryKind,
  type GlossaryName,
} from "@/lib/glossary";

type TermProps<K extends GlossaryKind> = {
  kind: K;
  name: GlossaryName<K>;
  /** What to show; the term itself when absent. */
  children?: ReactNode;
  className?: string;
  /** A line added under the explanation in the hover text (the figures behind a badge). */
  note?: string;
  testId?: string;
  /** More `data-` attributes for tests and styling. */
  data?: Record<`data-${string}`, string>;
};

export function Term<K extends GlossaryKind>(props: TermProps<K>) {
  return <TermLink {...props} />;
}

type TermLinkProps = Omit<TermProps<GlossaryKind>, "name"> & { name: string };

function TermLink({ kind, name, children, className, note, testId, data }: TermLinkProps) {
  const entry = findTerm(kind, name);
  if (!entry) return <span className={className}>{children ?? name}</span>;
  return (
    <Link
      href={glossaryHref(entry)}
      prefetch={false}
      className={className ? `term ${className}` : "term"}
      title={note ? `${entry.short}\n${note}` : entry.short}
      aria-describedby={termDescriptionId(kind, name)}
      data-term={name}
      data-term-kind={kind}
      data-testid={testId}
      {...data}
    >
      {children ?? name}
    </Link>
  );
}

/** A sentence with the terms of `kinds` it names turned into Terms; the text itself is unchanged. */
export function TermText({ text, kinds }: { text: string; kinds: readonly GlossaryKind[] }) {
  return (
    <>
      {splitTerms(text, kinds).map((part, i) =>
        typeof part === "string" ? part : <TermLink key={i} kind={part.kind} name={part.name} />,
      )}
    </>
  );
}

/** Every term's explanation, hidden, under the ids Terms point their aria-describedby at. */
export function GlossaryDescriptions() {
  return (
    <div hidden>
      {(Object.keys(GLOSSARY) as GlossaryKind[]).flatMap((kind) =>
        Object.entries(GLOSSARY[kind]).map(([name, entry]) => (
          <span key={`${kind}-${name}`} id={termDescriptionId(kind, name)}>
            {entry.short}
          </span>
        )),
      )}
    </div>
  );
}

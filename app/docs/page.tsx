// /docs: the user documentation that ships in the repository, one page per file.
import Link from "next/link";
import { DOC_PAGES } from "@/lib/docs";

export default function DocsIndexPage() {
  return (
    <div className="doc">
      <h1>Documentation</h1>
      <ul className="doc-index">
        {DOC_PAGES.map((p) => (
          <li key={p.slug}>
            <Link href={`/docs/${p.slug}`}>{p.title}</Link> <span className="muted">— {p.summary}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

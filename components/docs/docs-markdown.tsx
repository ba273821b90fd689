// One documentation page rendered from Markdown: GitHub tables, headings with
// GitHub's anchors (so `analysis#glossary` lands where it does on GitHub), and
// links between the files rewritten to the served pages. No raw HTML is
// rendered. A server component: no JavaScript reaches the browser for it.
import Link from "next/link";
import type { ComponentProps } from "react";
import ReactMarkdown from "react-markdown";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import { resolveDocHref, type DocPage } from "@/lib/docs";

export function DocsMarkdown({ page, markdown }: { page: DocPage; markdown: string }) {
  const DocLink = ({ href, children }: ComponentProps<"a">) => {
    const to = href === undefined ? null : resolveDocHref(href, page);
    if (to === null) return <span className="doc-file">{children}</span>;
    if (to.startsWith("/")) return <Link href={to}>{children}</Link>;
    return <a href={to}>{children}</a>;
  };
  return (
    <article className="doc" data-testid="doc">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSlug]} components={{ a: DocLink }}>
        {markdown}
      </ReactMarkdown>
    </article>
  );
}

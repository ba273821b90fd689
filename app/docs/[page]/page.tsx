// /docs/{page}: one documentation file of the repository, rendered.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { readDocMarkdown } from "@/app/_server/docs";
import { DocsMarkdown } from "@/components/docs/docs-markdown";
import { DOC_PAGES, findDocPage } from "@/lib/docs";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = findDocPage((await params).page);
  return { title: page ? `${page.title} · Loopscope docs` : "Loopscope docs" };
}

export default async function DocPageView({ params }: Props) {
  const page = findDocPage((await params).page);
  if (!page) notFound();
  const markdown = await readDocMarkdown(page);
  if (markdown === null) notFound();
  return (
    <div className="doc-layout">
      <nav aria-label="documentation" className="doc-nav">
        {DOC_PAGES.map((p) => (
          <Link key={p.slug} href={`/docs/${p.slug}`} aria-current={p.slug === page.slug ? "page" : undefined}>
            {p.title}
          </Link>
        ))}
      </nav>
      <DocsMarkdown page={page} markdown={markdown} />
    </div>
  );
}

// The user documentation served at /docs: which Markdown files of the
// repository are pages, and how a link written for reading the files on disk
// (`analysis.md#settings`, `../examples/README.md`) becomes a link between the
// served pages. Pure; the files are read by app/_server/docs.ts.

export type DocPage = { slug: string; file: string; title: string; summary: string };

export const DOC_PAGES: readonly DocPage[] = [
  {
    slug: "readme",
    file: "README.md",
    title: "Overview",
    summary: "What Loopscope is, the two commands, getting data in.",
  },
  {
    slug: "format",
    file: "docs/format.md",
    title: "JSONL format",
    summary: "Every record and field, which field drives which finding, writers for Python and TypeScript.",
  },
  {
    slug: "import",
    file: "docs/import.md",
    title: "Importing your logs",
    summary:
      "Claude Code, Codex, claude -p logs, OpenAI Agents, Langfuse, Jaeger, Phoenix, OTLP files: where they live and the one command that imports them.",
  },
  {
    slug: "analysis",
    file: "docs/analysis.md",
    title: "Analysis rules",
    summary: "Each rule in plain words with its defaults and settings, and a glossary of every term the UI shows.",
  },
  {
    slug: "api",
    file: "docs/api.md",
    title: "HTTP API",
    summary: "Every route, its parameters and responses, errors.",
  },
  {
    slug: "guard",
    file: "docs/guard.md",
    title: "Live guard",
    summary:
      "Stop a stuck Claude Code session or loop as it happens: hooks, loop scripts, any harness; observe, then enforce.",
  },
  { slug: "otlp", file: "docs/otlp.md", title: "OpenTelemetry", summary: "The OTLP/HTTP receiver and its mapping." },
  { slug: "dashboard", file: "docs/dashboard.md", title: "Dashboard", summary: "The pages and what each shows." },
  {
    slug: "accounts",
    file: "docs/accounts.md",
    title: "Accounts and API keys",
    summary: "First start, roles, sessions, API keys and the open mode.",
  },
  {
    slug: "scaling",
    file: "docs/scaling.md",
    title: "Scaling",
    summary: "Replicas on one Postgres, the analysis queue, partitions, retention and a read replica.",
  },
  { slug: "examples", file: "examples/README.md", title: "Examples", summary: "The example runs and what each holds." },
  {
    slug: "decisions",
    file: "docs/decisions.md",
    title: "Decisions",
    summary: "Choices made where a reading could go two ways.",
  },
  {
    slug: "benchmarks",
    file: "docs/benchmarks.md",
    title: "Benchmarks",
    summary: "The figures `npm run bench` printed.",
  },
];

const BY_FILE = new Map(DOC_PAGES.map((p) => [p.file, p]));

export function findDocPage(slug: string): DocPage | undefined {
  return DOC_PAGES.find((p) => p.slug === slug);
}

/**
 * Where a link inside `from` points once served: another page (`/docs/api#errors`),
 * an anchor on this page, an absolute URL unchanged, or null for a file of the
 * repository that is not a page (source code) — shown as text, not a dead link.
 */
export function resolveDocHref(href: string, from: DocPage): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#") || href.startsWith("/")) return href;
  const [target = "", anchor] = href.split("#", 2);
  const file = joinPath(dirOf(from.file), target);
  const page = BY_FILE.get(file);
  if (!page) return null;
  return `/docs/${page.slug}${anchor ? `#${anchor}` : ""}`;
}

function dirOf(file: string): string {
  const i = file.lastIndexOf("/");
  return i < 0 ? "" : file.slice(0, i);
}

/** `docs` + `../examples/README.md` → `examples/README.md`, relative to the repository root. */
function joinPath(dir: string, rel: string): string {
  const parts = dir ? dir.split("/") : [];
  for (const part of rel.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

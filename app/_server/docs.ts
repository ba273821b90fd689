// Reads a documentation page's Markdown from the repository at request time
// (`npm start` runs in the clone), so the docs served are the docs committed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { DocPage } from "@/lib/docs";

export async function readDocMarkdown(page: DocPage): Promise<string | null> {
  return readFile(/*turbopackIgnore: true*/ path.join(process.cwd(), page.file), "utf8").catch(() => null);
}

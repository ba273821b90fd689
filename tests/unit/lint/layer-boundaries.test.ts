// The layer rules of the house (eslint.config.mjs): lib/ imports only lib/,
// db/ never app/ or components/, components/ never app/ or db/. Linted as
// text placed at a path in the tree, so the real config decides.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").length;
}

describe("layer boundaries", () => {
  test.each([
    ["lib/analysis/x.ts", 'import { getDb } from "@/db/client";\nexport const x = getDb;\n'],
    ["lib/analysis/x.ts", 'import { getDb } from "../../db/client";\nexport const x = getDb;\n'],
    ["lib/x.ts", 'import { RunsTable } from "@/components/runs/runs-table";\nexport const x = RunsTable;\n'],
    ["db/x.ts", 'import { getDb } from "@/app/_server/db";\nexport const x = getDb;\n'],
    ["components/run/x.tsx", 'import { listRuns } from "@/db/runs";\nexport const x = listRuns;\n'],
    ["components/run/x.tsx", 'import { listRuns } from "../../app/runs/page";\nexport const x = listRuns;\n'],
  ])("%s may not import across a layer: %s", async (file, code) => {
    expect(await restrictedImports(file, code)).toBe(1);
  });

  test.each([
    ["lib/analysis/x.ts", 'import { formatTimeUs } from "@/lib/time";\nexport const x = formatTimeUs;\n'],
    ["db/x.ts", 'import { formatTimeUs } from "@/lib/time";\nexport const x = formatTimeUs;\n'],
    ["components/run/x.tsx", 'import { formatTimeUs } from "@/lib/time";\nexport const x = formatTimeUs;\n'],
    ["app/x.ts", 'import { listRuns } from "@/db/runs";\nexport const x = listRuns;\n'],
  ])("%s may import downward: %s", async (file, code) => {
    expect(await restrictedImports(file, code)).toBe(0);
  });
});

// `loopscope guard` runs at every tool call of a Claude Code session, so its
// start is the hook's cost (docs/guard.md#cost). Loading the TypeScript CLI
// through tsx costs about 0.4 s a process; this loads the same source bundled
// once by esbuild into plain JavaScript (node_modules/.cache/loopscope), which
// Node starts in about a tenth of a second. The bundle is rebuilt when any of
// its own source files, or the lock file, is newer than it. Any failure — no
// esbuild, a read-only install — returns null: the caller loads the source
// through tsx, as before. Never a second source: the bundle is built from
// bin/cli/guard-main.ts and nothing else.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = path.join(ROOT, "bin", "cli", "guard-main.ts");
const CACHE = path.join(ROOT, "node_modules", ".cache", "loopscope");
const BUNDLE = path.join(CACHE, "guard-main.mjs");
const SOURCES = path.join(CACHE, "guard-main.sources.json");

/** Whether the bundle is newer than every source it was built from (the lock file stands for the packages). */
export function bundleIsFresh(bundleMtimeMs, sourceMtimesMs) {
  return sourceMtimesMs.every((m) => m !== null && m <= bundleMtimeMs);
}

const mtimeOf = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
};

function isFresh() {
  const bundleMs = mtimeOf(BUNDLE);
  if (bundleMs === null) return false;
  let sources;
  try {
    sources = JSON.parse(readFileSync(SOURCES, "utf8"));
  } catch {
    return false;
  }
  if (!Array.isArray(sources) || sources.length === 0) return false;
  return bundleIsFresh(
    bundleMs,
    sources.map((f) => mtimeOf(path.join(ROOT, f))),
  );
}

async function build() {
  const { build: esbuild } = await import("esbuild");
  mkdirSync(CACHE, { recursive: true });
  // Written beside, then renamed: parallel hooks building at once each put a whole file in place.
  const tmp = `${BUNDLE}.${process.pid}.tmp`;
  const result = await esbuild({
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: tmp,
    metafile: true,
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "silent",
  });
  const own = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("node_modules/"));
  const sourcesTmp = `${SOURCES}.${process.pid}.tmp`;
  const lock = mtimeOf(path.join(ROOT, "package-lock.json")) === null ? [] : ["package-lock.json"];
  writeFileSync(sourcesTmp, JSON.stringify([...own, ...lock]));
  renameSync(tmp, BUNDLE);
  renameSync(sourcesTmp, SOURCES);
}

/** `guardMain` from the bundle, built first when missing or stale; null when it cannot be. */
export async function loadGuardBundle() {
  try {
    if (!isFresh()) await build();
    const { guardMain } = await import(pathToFileURL(BUNDLE).href);
    return typeof guardMain === "function" ? guardMain : null;
  } catch {
    return null;
  }
}

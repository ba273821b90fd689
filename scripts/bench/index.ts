// `npm run bench -- <name> [options]`: benchmarks that print figures. Not
// tests: nothing here asserts a time. Each benchmark is a module in this
// folder exporting `run(args: string[]): Promise<void>`.
const BENCHES = ["ingest", "analysis", "ui", "otlp", "robustness", "scale", "findings", "guard", "import"] as const;
/** Benchmarks that read folders they are given: not part of a plain `npm run bench`. */
const GIVEN_FOLDERS: readonly string[] = ["findings", "import"];

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const names = name ? [name] : BENCHES.filter((n) => !GIVEN_FOLDERS.includes(n));
  for (const n of names) {
    if (!(BENCHES as readonly string[]).includes(n)) {
      console.error(`unknown benchmark "${n}" (one of: ${BENCHES.join(", ")})`);
      process.exit(1);
    }
    const mod = (await import(`./${n}.ts`)) as { run: (args: string[]) => Promise<void> };
    console.log(`\n=== bench ${n} ===`);
    await mod.run(args);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

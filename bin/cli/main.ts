// The CLI (SPEC §5): a thin shell around lib/ and the HTTP API.
//   loopscope ingest FILE... [--url URL] [--run ID]
//   loopscope analyze FILE... [--json] [--set key=value]...
// Exit codes: 0 ok; 1 some line rejected (ingest) or bad usage; 2 server
// unreachable (ingest); 3 a breaker tripped (analyze).
import { parseArgs } from "node:util";
import { runAnalyze } from "./analyze-command";
import { runIngest } from "./ingest-command";

const USAGE = `usage:
  loopscope ingest FILE... [--url URL] [--run ID]     stream JSONL (or .jsonl.gz) files to a Loopscope server
  loopscope analyze FILE... [--json] [--set k=v]...   analyse JSONL files offline; exit 3 when a breaker trips

exit codes: 0 ok · 1 lines rejected / bad usage · 2 server unreachable · 3 breaker tripped (analyze)`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "ingest") {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { url: { type: "string" }, run: { type: "string" } },
      });
      if (positionals.length === 0) return usage("ingest needs at least one FILE");
      const url = values.url ?? process.env.LOOPSCOPE_URL ?? "http://localhost:3000";
      return await runIngest(positionals, { url, runId: values.run });
    }
    if (command === "analyze") {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { json: { type: "boolean" }, set: { type: "string", multiple: true } },
      });
      if (positionals.length === 0) return usage("analyze needs at least one FILE");
      return await runAnalyze(positionals, { json: Boolean(values.json), set: values.set ?? [] });
    }
    if (command === "--help" || command === "-h" || command === "help") {
      console.log(USAGE);
      return 0;
    }
    return usage(command ? `unknown command "${command}"` : "no command");
  } catch (err) {
    return usage((err as Error).message);
  }
}

function usage(problem: string): number {
  console.error(`loopscope: ${problem}\n${USAGE}`);
  return 1;
}

// Home (docs/dashboard.md): one paragraph on what Loopscope is and how a run
// gets in, then the runs list itself.
import Link from "next/link";
import { listExampleFiles } from "@/app/_server/examples";
import { RunsLoadExamples } from "@/components/runs/runs-load-examples";
import RunsPage from "./runs/page";
import { requirePageUser } from "@/app/_server/session";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: Props) {
  await requirePageUser();
  const hasExamples = (await listExampleFiles()).length > 0;
  return (
    <>
      <section className="card home-intro" data-testid="home-intro" aria-label="About Loopscope">
        <p>
          <strong>Loopscope</strong> is a post-mortem for autonomous AI-agent loops: it reads the spans, iterations and
          events a run logged, replays circuit breakers and stagnation detectors over them, and shows where the loop got
          stuck, what stopping it there would have saved, and which tools slowed it down. To get a run in,{" "}
          <Link href="/upload">upload</Link> a Loopscope JSONL file or the logs your agent already writes (Claude Code,
          Codex, OpenTelemetry… see <Link href="/docs/import">importing logs</Link>)
          {hasExamples ? (
            <>
              , or try it on the example runs: <RunsLoadExamples testId="intro-load-examples" />.
            </>
          ) : (
            "."
          )}{" "}
          Every term on a run page links to its entry in the <Link href="/docs/analysis#glossary">glossary</Link>.
        </p>
      </section>
      <RunsPage searchParams={searchParams} />
    </>
  );
}

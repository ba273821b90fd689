// Runs once when the server starts (README.md#configuration): check the
// environment (a bad value stops the start, naming the variable), then open
// the database so migrations are applied before the first request. When the
// database does not answer yet, the server starts anyway and keeps trying in
// the background, one log line per attempt (db/wait-for-database.ts);
// /api/ready answers 503 until then.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { readEnv } = await import("./lib/env");
  readEnv();
  const { getDb } = await import("./db/client");
  const { waitForDatabase } = await import("./db/wait-for-database");
  const ready = (kind: string) => console.log(`loopscope: database ready (${kind})`);
  try {
    ready((await getDb()).kind);
  } catch (failedFirst) {
    void waitForDatabase({ failedFirst }).then((h) => ready(h.kind));
  }
}

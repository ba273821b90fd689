// Runs once when the server starts: open the database so migrations are
// applied before the first request (README.md#configuration), and fail loudly if they cannot be.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("./db/client");
  const handle = await getDb();
  console.log(`loopscope: database ready (${handle.kind})`);
}

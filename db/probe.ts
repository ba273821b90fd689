// Whether the database answers right now: one `SELECT 1` within a deadline.
// The pages' gate (proxy.ts) asks this before rendering, so a database that
// is down gives the "database unavailable" page, not a 500 from the first
// query of the page. A failed open is not kept (client.ts): each probe tries
// again, which is what lets the page recover by itself.
import { sql } from "drizzle-orm";
import { getDb } from "./client";

/** True when the database opened and answered within `timeoutMs`. */
export async function probeDatabase(timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = getDb()
    .then(({ db }) => db.execute(sql`SELECT 1`))
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

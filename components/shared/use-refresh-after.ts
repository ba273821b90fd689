// A client action that changes what the server page shows: run it, then ask
// the page to re-render (router.refresh) so every list stays the server's.
// Busy while it runs; its error message is kept for the alert.
import { useRouter } from "next/navigation";
import { useState } from "react";

export function useRefreshAfter() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** `action` throws an Error with a readable message when the request failed. */
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      router.refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run };
}

"use client";
// Save and delete a what-if profile from the panel (POST and DELETE
// /api/v1/profiles), then open the what-if page on the saved profile (or on
// none), keeping the sweep: the new URL renders the new list of profiles. An API error is shown by the panel.
import { sendJson } from "@/components/auth/post-json";
import type { ProfileAnswer } from "@/lib/schemas/profiles";
import { buildWhatIfQuery, type SettingValue } from "@/lib/what-if/query";

type Sweep = { setting: string; values: string } | undefined;

export function useProfileActions(go: (query: string) => void, setError: (e: string | null) => void, sweep: Sweep) {
  const run = async (action: () => Promise<string>) => {
    setError(null);
    try {
      go(await action());
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return {
    save: (name: string, settings: Record<string, SettingValue>) =>
      run(async () => {
        const { profile } = await sendJson<ProfileAnswer>("/api/v1/profiles", "POST", { name, settings });
        return buildWhatIfQuery({ profileId: profile.profile_id, sweep });
      }),
    remove: (id: string) =>
      run(async () => {
        await sendJson<ProfileAnswer>(`/api/v1/profiles/${encodeURIComponent(id)}`, "DELETE");
        return buildWhatIfQuery({ sweep });
      }),
  };
}

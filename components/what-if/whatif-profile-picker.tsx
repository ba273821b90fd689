"use client";
// The what-if panel's profile row: pick a profile (built-in or saved), save
// the current settings as a new one, delete a saved one.
import { useState } from "react";
import styles from "./what-if.module.css";

export type ProfileChoice = { profile_id: string; name: string; builtin: boolean };

type Props = {
  profiles: ProfileChoice[];
  profileId?: string;
  onPick: (id: string | undefined) => void;
  onSave: (name: string) => void;
  onDelete: (id: string) => void;
};

export function WhatIfProfilePicker({ profiles, profileId, onPick, onSave, onDelete }: Props) {
  const [name, setName] = useState("");
  const picked = profiles.find((p) => p.profile_id === profileId);
  return (
    <div className={`row ${styles.profileRow}`}>
      <label htmlFor="whatif-profile">Profile</label>
      <select
        id="whatif-profile"
        data-testid="whatif-profile"
        value={profileId ?? ""}
        onChange={(e) => onPick(e.target.value || undefined)}
      >
        <option value="">Project settings (as logged)</option>
        {profiles.map((p) => (
          <option key={p.profile_id} value={p.profile_id}>
            {p.builtin ? p.name : `${p.name} (saved)`}
          </option>
        ))}
      </select>
      {picked && !picked.builtin && (
        <button type="button" className="btn" onClick={() => onDelete(picked.profile_id)}>
          Delete profile
        </button>
      )}
      <input
        aria-label="new profile name"
        placeholder="Save as profile…"
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
      />
      <button
        type="button"
        className="btn"
        data-testid="whatif-save-profile"
        disabled={name.trim() === ""}
        onClick={() => onSave(name.trim())}
      >
        Save
      </button>
    </div>
  );
}

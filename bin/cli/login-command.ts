// `loopscope login` and `loopscope logout` (docs/accounts.md#the-cli-signs-in-once).
// login takes a key from --api-key, else one line of stdin when it is piped,
// else a prompt in the terminal that does not echo; checks it with the
// cheapest authenticated read, GET /api/v1/runs?limit=1 (the `read` action,
// lib/auth/roles.ts); and stores it for the server's origin (credentials.ts).
// A 401 is a refused key: the server's reason, nothing stored, exit 1. A 403
// comes only after the key was recognised — a key without the read scope,
// such as the ingest-only key ingest and watch need — so it is stored, with a
// note. No answer: exit 2, nothing stored. It never tries the ingest scope:
// that would take a POST, and login writes nothing on the server.
import { createInterface } from "node:readline";
import type { ReadStream } from "node:tty";
import type { ErrorBody } from "@/lib/errors";
import { SessionOut } from "@/lib/schemas/auth";
import { forgetAllApiKeys, forgetApiKey, serverOrigin, storeApiKey } from "./credentials";
import { unreachableMessage } from "./ingest-command";

/** What the server said of a key: taken (`authOff`: accounts are off, any key is), known but limited, refused, or no verdict. */
export type KeyCheck =
  | { kind: "accepted"; authOff: boolean }
  | { kind: "limited"; reason: string }
  | { kind: "refused"; reason: string }
  | { kind: "failed"; status: number; reason: string };

export type LoginOptions = { url: string; apiKey?: string; file: string; env: NodeJS.ProcessEnv };

/** The standard input login reads a key from: a pipe, or a terminal. */
export type KeyInput = NodeJS.ReadableStream & Partial<Pick<ReadStream, "isTTY" | "setRawMode">>;

export async function runLogin(opts: LoginOptions, input: KeyInput = process.stdin): Promise<number> {
  const origin = serverOrigin(opts.url); // a bad --url is said before a key is asked for
  const typed = opts.apiKey ?? (await readApiKey(input, opts.url));
  if (typed === null) {
    console.error("loopscope: login cancelled; nothing stored");
    return 130;
  }
  const apiKey = typed.trim();
  if (!apiKey) {
    console.error(
      "loopscope: no API key: pass --api-key KEY, pipe one on stdin, or run `loopscope login` in a terminal",
    );
    return 1;
  }
  let check: KeyCheck;
  try {
    check = await checkApiKey(origin, apiKey);
  } catch (err) {
    console.error(`loopscope: ${unreachableMessage(origin, err)}; nothing stored`);
    return 2;
  }
  if (check.kind === "refused" || check.kind === "failed") {
    const status = check.kind === "refused" ? 401 : check.status;
    const what = check.kind === "refused" ? "refused the API key" : "could not check the API key";
    console.error(`loopscope: the server at ${origin} ${what} (${status}: ${check.reason}); nothing stored`);
    return 1;
  }
  storeApiKey(opts.file, origin, apiKey);
  console.log(`${loginVerdict(origin, check)} Stored in ${opts.file}; ingest and watch send it to ${origin}.`);
  if (opts.env.LOOPSCOPE_API_KEY?.trim())
    console.error("loopscope: LOOPSCOPE_API_KEY is set, and ingest and watch send it rather than the stored key");
  return 0;
}

/** `loopscope logout`: forget the URL's key, or (`all`) remove the file; says whether there was anything. */
export function runLogout(opts: { url: string; file: string; all: boolean }): number {
  if (opts.all) {
    console.log(forgetAllApiKeys(opts.file) ? `Removed ${opts.file}.` : `No stored keys: ${opts.file} does not exist.`);
    return 0;
  }
  const origin = serverOrigin(opts.url);
  console.log(
    forgetApiKey(opts.file, origin) ? `Removed the key stored for ${origin}.` : `No key was stored for ${origin}.`,
  );
  return 0;
}

/** One line on what the server made of the stored key. */
function loginVerdict(origin: string, check: KeyCheck): string {
  if (check.kind === "limited")
    return (
      `Logged in to ${origin}: the server knows the key, but it may not read runs (403: ${check.reason}); ` +
      "ingest and watch need only the ingest scope."
    );
  if (check.kind === "accepted" && check.authOff)
    return `Logged in to ${origin}: accounts are off there, so any key is taken and this one was not checked.`;
  return `Logged in to ${origin}: the server took the key.`;
}

/**
 * Ask the server what it makes of the key; a throw when it does not answer.
 * A taken key is followed by GET /api/v1/auth/session, which says whether
 * accounts are on at all (with them off every key is taken, unchecked).
 */
export async function checkApiKey(origin: string, apiKey: string): Promise<KeyCheck> {
  const res = await fetch(new URL("/api/v1/runs?limit=1", origin), {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" },
  });
  const reason = await errorReason(res);
  if (res.status === 401) return { kind: "refused", reason };
  if (res.status === 403) return { kind: "limited", reason };
  if (!res.ok) return { kind: "failed", status: res.status, reason };
  const session = await fetch(new URL("/api/v1/auth/session", origin), { headers: { Accept: "application/json" } })
    .then(async (r) => SessionOut.safeParse(await r.json()))
    .catch(() => null);
  return { kind: "accepted", authOff: session?.success === true && session.data.auth === "off" };
}

/** The `error.message` of an API error body, else `HTTP <status>`. */
async function errorReason(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as ErrorBody | null;
  return body?.error?.message ?? `HTTP ${res.status}`;
}

/**
 * The key from standard input: its first line when piped, else typed
 * (unechoed) after a hint where to make one; null when Ctrl-C cancelled it.
 */
export async function readApiKey(input: KeyInput, url: string): Promise<string | null> {
  if (!input.isTTY || !input.setRawMode) return readFirstLine(input);
  process.stderr.write(`Create an API key on ${new URL("/admin", url).href} (Admin → API keys), then paste it here.\n`);
  return promptHidden("API key: ", input as ReadStream);
}

async function readFirstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) return line;
    return "";
  } finally {
    lines.close();
  }
}

/** Read a line in raw mode, echoing nothing; backspace deletes, Ctrl-C cancels (null). */
function promptHidden(prompt: string, input: ReadStream): Promise<string | null> {
  process.stderr.write(prompt);
  return new Promise((resolve) => {
    let typed = "";
    const finish = (line: string | null) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      resolve(line);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of typeof chunk === "string" ? chunk : chunk.toString("utf8")) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return finish(typed);
        if (ch === "\u0003") return finish(null);
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else if (ch >= " ") typed += ch;
      }
    };
    input.setRawMode(true);
    input.on("data", onData);
    input.resume();
  });
}

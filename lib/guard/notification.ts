// docs/guard.md#tell-the-team — what a webhook is sent when a live run trips,
// halts or recovers: the generic event as JSON, or a Slack-compatible
// `{"text"}` (Slack's incoming webhooks, and Mattermost's and Rocket.Chat's,
// read it) with the run's link, the breaker, the reason and what stopping
// saves. Pure; O(1).
import { formatDuration, formatTokens } from "../format";
import type { GuardEvent, GuardWebhook } from "../schemas/guard";

const VERB: Record<GuardEvent["event"], string> = { trip: "tripped", halt: "halted", recover: "recovered" };

/** `<` `>` `&` are Slack's markup: escaped in anything a run or a tool wrote. */
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function savedLine(s: GuardEvent["would_save"]): string {
  if (!s || s.iterations === 0) return "";
  const tokens = s.tokens > 0 ? `, ${formatTokens(s.tokens)} tokens` : "";
  return ` Stopping there saves ${s.iterations} iteration(s)${tokens}, ${formatDuration(s.ms)} so far.`;
}

export function notificationBody(e: GuardEvent, format: GuardWebhook["format"]): Record<string, unknown> {
  if (format === "generic") return e;
  const what = e.event === "halt" && e.mode === "observe" ? "would have halted" : VERB[e.event];
  const breaker = e.breaker.replace(/_/g, " ");
  const text =
    `*Loopscope*: run <${e.run_url}|${slackEscape(e.run_id)}> ${what} (${breaker}): ${slackEscape(e.reason)}.` +
    savedLine(e.would_save);
  return { text };
}

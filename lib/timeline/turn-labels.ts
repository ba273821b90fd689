// A turn row's words (docs/dashboard.md#rows-by-turn), made once on the server
// with the timeline's first page: a turn's prompt as its importer stored it,
// else the command its first shell call ran; for a step the other way round.
// One line, cut at a word. Pure; O(length of the texts).
import { shellCommandOfInput } from "../conversation/tool-summary";
import { clipAtWord } from "../format-clip";
import type { TurnNoun } from "./turns";

/** A turn row's label is cut at a word to this many characters. */
export const TURN_LABEL_CHARS = 120;

/**
 * An iteration's label: a turn's prompt (else the command it ran), a step's
 * command (else its prompt — the first step's is the task), as one line cut at
 * a word; null when it has neither. `commandInput` is the input of its first
 * call that runs a command (`command` or `cmd`).
 */
export function turnLabelOf(prompt: string | null, commandInput: unknown, noun: TurnNoun): string | null {
  const command = commandInput === null || commandInput === undefined ? null : shellCommandOfInput(commandInput);
  const words = [prompt, command].map((t) => (t === null ? "" : clipAtWord(t, TURN_LABEL_CHARS)));
  const [first, second] = noun === "step" ? [words[1]!, words[0]!] : [words[0]!, words[1]!];
  return first || second || null;
}

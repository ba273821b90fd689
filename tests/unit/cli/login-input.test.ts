// Where `loopscope login` reads a key without --api-key (docs/accounts.md#the-cli-signs-in-once):
// the first line of a pipe, or a terminal prompt that echoes nothing.
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { readApiKey, type KeyInput } from "@/bin/cli/login-command";

const URL_ = "http://127.0.0.1:3000";

describe("a piped key", () => {
  test.each([
    ["one line", "sk-ls-abc\n", "sk-ls-abc"],
    ["the first of several lines", "sk-ls-abc\r\nsomething else\n", "sk-ls-abc"],
    ["no newline at the end", "sk-ls-abc", "sk-ls-abc"],
    ["nothing", "", ""],
  ])("%s", async (_, text, key) => {
    expect(await readApiKey(Readable.from([text]), URL_)).toBe(key);
  });
});

describe("a key typed in a terminal", () => {
  let written: string[];
  let rawModes: boolean[];
  let terminal: KeyInput & PassThrough;

  beforeEach(() => {
    written = [];
    rawModes = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    terminal = Object.assign(new PassThrough(), {
      isTTY: true as const,
      setRawMode(mode: boolean) {
        rawModes.push(mode);
        return terminal as never;
      },
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test("says where keys are made, prompts, echoes nothing, and takes backspace", async () => {
    const read = readApiKey(terminal, URL_);
    terminal.write("sk-lx");
    terminal.write("\u007fs-abc\r");
    expect(await read).toBe("sk-ls-abc");
    expect(written).toEqual([
      "Create an API key on http://127.0.0.1:3000/admin (Admin → API keys), then paste it here.\n",
      "API key: ",
      "\n",
    ]);
    expect(rawModes).toEqual([true, false]);
  });

  test("Ctrl-C cancels: no key, and the terminal is left as it was", async () => {
    const read = readApiKey(terminal, URL_);
    terminal.write("sk-\u0003");
    expect(await read).toBeNull();
    expect(rawModes).toEqual([true, false]);
  });
});

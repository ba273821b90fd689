// docs/import.md#files-read-and-reverts: an edit reverts an earlier
// successful one of the session on the same path when it is its exact
// inverse, when a whole-file write restores an earlier content, or when a
// restore puts back a path edited since; and what an iteration records of it.
import { describe, expect, test } from "vitest";
import { createFileActivity, fileActivityFields, noteCallFiles } from "@/lib/import/transcript/file-activity";
import { MEMORY_PER_PATH, createRevertTracker, recordEdit, type EditText } from "@/lib/import/transcript/reverts";

const replace = (old: string, next: string, path = "a.py"): EditText => ({ kind: "replace", path, old, new: next });
const write = (after: string, before?: string | null, path = "a.py"): EditText => ({
  kind: "write",
  path,
  after,
  ...(before !== undefined ? { before } : {}),
});
/** Record edits in order; what each one said. */
const replay = (...edits: EditText[]) => {
  const t = createRevertTracker();
  return edits.map((e) => recordEdit(t, e));
};

describe("an edit that reverts an earlier one", () => {
  test("A→B then B→A is reverted", () => {
    expect(replay(replace("X", "Y"), replace("Y", "X"))).toEqual([false, true]);
  });

  test("A→B then B→C is not", () => {
    expect(replay(replace("X", "Y"), replace("Y", "Z"))).toEqual([false, false]);
  });

  test("flip-flopping reverts every time after the first", () => {
    expect(replay(replace("X", "Y"), replace("Y", "X"), replace("X", "Y"))).toEqual([false, true, true]);
  });

  test("texts compare without trailing whitespace per line and trailing newlines", () => {
    expect(replay(replace("a  \nb", "c\n"), replace("c \n\n", "a\nb\t"))).toEqual([false, true]);
  });

  test("the inverse on another path is no revert", () => {
    expect(replay(replace("X", "Y", "a.py"), replace("Y", "X", "b.py"))).toEqual([false, false]);
  });

  test("an edit that changes nothing is none, and reverts nothing", () => {
    expect(replay(replace("X", "X  "), replace("X", "X"))).toEqual([false, false]);
  });

  test("a write restoring the content before an earlier edit or write reverts it", () => {
    const edit: EditText = { kind: "replace", path: "a.py", old: "b", new: "c", before: "a\nb\n" };
    expect(replay(edit, write("a\nb"))).toEqual([false, true]);
    expect(replay(write("v2", "v1"), write("v3", "v2"), write("v2"))).toEqual([false, false, true]);
  });

  test("a write's unknown before is the previous write's content while nothing else touched the file", () => {
    // X (new) · Y over it · X again: restores the content from before the second write
    expect(replay(write("X", null), write("Y"), write("X"))).toEqual([false, false, true]);
    // an opaque edit between: the second write's before is unknown, so the third restores nothing known
    const sed: EditText = { kind: "opaque", path: "a.py" };
    expect(replay(write("X", null), sed, write("Y"), write("X"))).toEqual([false, null, false, false]);
  });

  test("a new file's write reverts nothing", () => {
    expect(replay(write("X", null), write("X", null))).toEqual([false, false]);
  });

  test("a restore reverts a path edited since its last restore, and only then", () => {
    const restore: EditText = { kind: "restore", path: "a.py" };
    const sed: EditText = { kind: "opaque", path: "a.py" };
    expect(replay(restore, sed, restore, restore)).toEqual([false, null, true, false]);
  });

  test("an edit without its text cannot be judged", () => {
    expect(replay({ kind: "opaque", path: null })).toEqual([null]);
  });

  test(`memory keeps the last ${MEMORY_PER_PATH} edits of a path`, () => {
    const t = createRevertTracker();
    recordEdit(t, replace("X", "Y"));
    for (let i = 0; i < MEMORY_PER_PATH; i++) recordEdit(t, replace(`p${i}`, `q${i}`));
    expect(recordEdit(t, replace("Y", "X"))).toBe(false);
  });
});

describe("an iteration's files_read and reverted", () => {
  test("reads are kept in first-read order, each once; a failed edit never counts (the caller drops it)", () => {
    const t = createRevertTracker();
    const a = createFileActivity();
    noteCallFiles(a, t, { read: ["b.py", "a.py"], editTexts: [replace("X", "Y")] });
    noteCallFiles(a, t, { read: ["a.py", "c.py"], editTexts: [replace("Y", "X")] });
    expect(fileActivityFields(a)).toEqual({ files_read: ["b.py", "a.py", "c.py"], reverted: true, reverted_edits: 1 });
  });

  test("nothing read and nothing edited: files_read [] and reverted false", () => {
    expect(fileActivityFields(createFileActivity())).toEqual({ files_read: [], reverted: false, reverted_edits: 0 });
  });

  test("a call that may have read unnamed files leaves files_read out; an opaque edit leaves reverted out", () => {
    const t = createRevertTracker();
    const a = createFileActivity();
    noteCallFiles(a, t, { read: null, editTexts: [{ kind: "opaque", path: "a.py" }] });
    expect(fileActivityFields(a)).toEqual({});
    noteCallFiles(a, t, { editTexts: [replace("X", "Y"), replace("Y", "X")] });
    expect(fileActivityFields(a)).toEqual({ reverted: true, reverted_edits: 1 });
  });

  test("at most 50 paths of at most 300 characters", () => {
    const a = createFileActivity();
    const t = createRevertTracker();
    noteCallFiles(a, t, { read: [`${"d/".repeat(200)}x.py`] });
    noteCallFiles(a, t, { read: Array.from({ length: 60 }, (_, i) => `src/${i}.py`) });
    const read = fileActivityFields(a).files_read as string[];
    expect([read.length, read[0]?.length, read[49]]).toEqual([50, 300, "src/48.py"]);
  });
});

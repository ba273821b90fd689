// A tool call's edits as red and green lines (docs/dashboard.md#conversation):
// each block under the file it changes, removed lines as <del>, added ones
// as <ins>, kept ones plain; the sign in front of each is drawn by
// globals.css, so a copied line is the file's text. Prepared by
// lib/conversation/tool-diff.ts; this only renders.
import type { ToolDiff } from "@/lib/conversation/tool-diff";
import { plural } from "@/lib/plural";

/** `shownPath`: the path the call's row already names, not repeated above its block. */
export function ConversationDiff({ diff, shownPath }: { diff: ToolDiff; shownPath: string }) {
  return (
    <div className="conversation-diff" data-testid="conversation-diff">
      {diff.blocks.map((b, i) => (
        <div key={i} className="conversation-diff-block">
          {((b.path !== null && b.path !== shownPath) || b.note !== null) && (
            <div className="conversation-diff-path mono">
              {b.path !== shownPath && b.path}
              {b.note !== null && (
                <span className="muted">
                  {b.path !== null && b.path !== shownPath && " · "}
                  {b.note}
                </span>
              )}
            </div>
          )}
          {b.lines.length > 0 && (
            <pre className="conversation-diff-lines">
              {b.lines.map((l, j) =>
                l.op === "del" ? (
                  <del key={j} data-op="del">
                    {l.text}
                  </del>
                ) : l.op === "add" ? (
                  <ins key={j} data-op="add">
                    {l.text}
                  </ins>
                ) : (
                  <span key={j} data-op="same">
                    {l.text}
                  </span>
                ),
              )}
            </pre>
          )}
        </div>
      ))}
      {diff.hiddenLines > 0 && (
        <p className="muted conversation-note">{plural(diff.hiddenLines, "more line")} not shown.</p>
      )}
    </div>
  );
}

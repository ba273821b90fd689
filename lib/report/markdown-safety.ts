// The post-mortem Markdown (docs/api.md#post-mortem-report) carries text that
// the traces and the team wrote: run and tool names, errors, call inputs,
// comments. Opened in a Markdown viewer, none of it may become HTML or a
// script link. So the finished document has every `&`, `<`, `>` written as an
// entity (a tag or an entity trick in a link is then plain text), and every
// link whose target is not http(s), mailto or relative dropped for its label;
// a `javascript:` or `vbscript:` left anywhere else (a reference definition)
// is broken up. Inserted text is put on one line where a line break would
// end its table row or heading. Pure; O(length of the text).

/** Link targets that stay links; any other scheme (javascript:, vbscript:, data:, …) is dropped. */
const SAFE_SCHEMES = new Set(["http", "https", "mailto"]);

/**
 * An inline link or image, `[label](target)` / `![label](target)`, on one line; the target
 * may hold `(…)`. Bounded, so a line of unclosed brackets costs O(line), not O(line²); a
 * longer script link is still caught by SCRIPT_SCHEME.
 */
const INLINE_LINK = /!?\[([^\]\n]{0,500})\]\(((?:[^()\n]|\([^()\n]{0,500}\)){0,2000})\)/g;
/** A script scheme wherever it is: `javascript:` becomes `javascript :`, no scheme at all. */
const SCRIPT_SCHEME = /((?:java|vb)script)(\s*):/gi;

/** Whether a link target is one a reader may follow: http(s), mailto, or relative. */
export function isSafeHref(target: string): boolean {
  // A viewer decodes entities in a link target, and browsers drop whitespace and control
  // characters inside a scheme: so does this check, before it reads the scheme.
  const href = decodeEntities(target)
    .replace(/^\s*<|>\s*$/g, "")
    .split("")
    .filter((c) => c > " " && c !== "\u007f") // ASCII controls and spaces
    .join("");
  const colon = href.indexOf(":");
  if (colon === -1) return true;
  const firstPathChar = href.search(/[/?#]/);
  if (firstPathChar !== -1 && firstPathChar < colon) return true; // `a/b:c` is a relative path
  return SAFE_SCHEMES.has(href.slice(0, colon).toLowerCase());
}

const NAMED_ENTITIES: Record<string, string> = { colon: ":", tab: "\t", newline: "\n", sol: "/", num: "#" };

/** Numeric entities and the named ones that can spell a scheme, decoded. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d{1,7});?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&(colon|tab|newline|sol|num);/gi, (entity, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? entity);
}

/** The finished document with no HTML and no unsafe link left in it. */
export function sanitizeMarkdown(markdown: string): string {
  return markdown
    .replace(INLINE_LINK, (link, label: string, target: string) => (isSafeHref(target) ? link : label))
    .replace(SCRIPT_SCHEME, "$1$2 :")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** Text that must stay on its line (a heading, a table cell, a list item's first line). */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

/** A line start that would open a block: heading, list, fence, table, rule or setext underline (`>` is escaped anyway). */
const BLOCK_START = /^(\d*)([#+*=_~`|.)-])/;

/**
 * Plain text of several lines inside a list item: every further line indented
 * and its first character escaped where it would open a block, so the text
 * stays one paragraph of the item.
 */
export function indentedLines(text: string, indent = "  "): string {
  return text
    .split(/\r?\n|\r/)
    .map((line, i) => {
      if (i === 0) return line;
      const trimmed = line.trimStart();
      return (
        indent +
        trimmed.replace(BLOCK_START, (start, digits: string, mark: string) =>
          digits === "" && (mark === "." || mark === ")") ? start : `${digits}\\${mark}`,
        )
      );
    })
    .join("\n");
}

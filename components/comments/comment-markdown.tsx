// A comment's body as Markdown (docs/dashboard.md#comments), rendered safely:
// no raw HTML (react-markdown shows it as text, so a `<script>` is words on
// the page), links only to http(s), mailto or a relative path (any other
// scheme, javascript: included, leaves the label as text), and `@name` of a
// known user highlighted (lib/comments/mentions.ts).
import type { ComponentProps } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import type { Root, RootContent, Text } from "mdast";
import { splitMentions } from "@/lib/comments/mentions";
import { isSafeHref } from "@/lib/report/markdown-safety";

type Props = { body: string; mentionNames: readonly string[] };

export function CommentMarkdown({ body, mentionNames }: Props) {
  return (
    <div className="comment-body" data-testid="comment-body-text">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, [remarkMentions, mentionNames]]}
        urlTransform={(url) => (isSafeHref(url) ? url : "")}
        components={{ a: CommentLink, img: CommentImage }}
      >
        {body}
      </ReactMarkdown>
    </div>
  );
}

function CommentLink({ href, children }: ComponentProps<"a">) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} rel="noopener noreferrer nofollow" target="_blank">
      {children}
    </a>
  );
}

/** Images are not loaded from a comment (no tracking pixels): their text and address show instead. */
function CommentImage({ alt, src }: ComponentProps<"img">) {
  return (
    <span className="muted">
      [{alt || "image"}
      {typeof src === "string" && src ? `: ${src}` : ""}]
    </span>
  );
}

/** A remark plugin: text nodes outside code and links split into text and mention spans. */
function remarkMentions(names: readonly string[]) {
  return (tree: Root) => {
    if (names.length === 0) return;
    const stack: (Root | RootContent)[] = [tree];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (!("children" in node) || node.type === "link" || node.type === "linkReference") continue;
      const children = node.children as RootContent[];
      const next: RootContent[] = [];
      for (const child of children) {
        if (child.type === "text") next.push(...mentionNodes(child, names));
        else {
          next.push(child);
          stack.push(child);
        }
      }
      (node as { children: RootContent[] }).children = next;
    }
  };
}

function mentionNodes(node: Text, names: readonly string[]): Text[] {
  const parts = splitMentions(node.value, names);
  if (parts.length === 1 && parts[0]!.kind === "text") return [node];
  return parts.map((p) =>
    p.kind === "text"
      ? { type: "text", value: p.text }
      : {
          type: "text",
          value: p.text,
          data: { hName: "span", hProperties: { className: ["mention"], "data-testid": "mention" } },
        },
  );
}

"use client";
// A table row that opens a link when clicked anywhere outside its own links
// and buttons (glossary terms keep theirs). The row's first cell holds the
// same link as a real <a>, for the keyboard and for "open in a new tab".
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";

export function ClickableRow({
  href,
  children,
  ...rest
}: { href: string; children: ReactNode } & Record<`data-${string}`, string | number>) {
  const router = useRouter();
  return (
    <tr
      {...rest}
      className="row-link"
      onClick={(e) => {
        if ((e.target as HTMLElement).closest("a, button, summary")) return;
        router.push(href);
      }}
    >
      {children}
    </tr>
  );
}

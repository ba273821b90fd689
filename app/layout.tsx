import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { GlossaryDescriptions } from "@/components/shared/glossary-term";
import "./globals.css";

export const metadata: Metadata = {
  title: "Loopscope",
  description: "Post-mortems for autonomous AI-agent loops",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <Link href="/" className="brand">
            loop<span>scope</span>
          </Link>
          <nav aria-label="main">
            <Link href="/runs">Runs</Link>
            <Link href="/upload">Upload</Link>
            <Link href="/compare">Compare</Link>
            <Link href="/settings">Settings</Link>
            <Link href="/docs">Docs</Link>
          </nav>
        </header>
        <main>{children}</main>
        <GlossaryDescriptions />
      </body>
    </html>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { GlossaryDescriptions } from "@/components/shared/glossary-term";
import { AuthSignOutButton } from "@/components/auth/sign-out-button";
import { NavMenu } from "@/components/shared/nav-menu";
import { hasSessionCookie } from "@/app/_server/session";
import "./globals.css";

export const metadata: Metadata = {
  title: "Loopscope",
  description: "Post-mortems for autonomous AI-agent loops",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const signedIn = await hasSessionCookie();
  return (
    <html lang="en">
      <body>
        <header className="topbar">
          <Link href="/" className="brand">
            loop<span>scope</span>
          </Link>
          <NavMenu>
            <Link href="/runs">Runs</Link>
            <Link href="/upload">Upload</Link>
            <Link href="/compare">Compare</Link>
            <Link href="/fleet">Fleet</Link>
            <Link href="/settings">Settings</Link>
            <Link href="/docs">Docs</Link>
            {signedIn && <Link href="/admin">Admin</Link>}
            {signedIn && <Link href="/account">Account</Link>}
            {signedIn && <AuthSignOutButton />}
          </NavMenu>
        </header>
        <main>{children}</main>
        <GlossaryDescriptions />
      </body>
    </html>
  );
}

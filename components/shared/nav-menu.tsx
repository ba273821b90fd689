"use client";
// The top bar's navigation (docs/dashboard.md#on-a-phone). Wide screens show
// the links in a row and never see the button; at 640 px and below
// (globals.css) the links fold behind a "Menu" button, a disclosure: the
// button says whether the list is open (aria-expanded) and which element it
// opens (aria-controls). Escape, a tap outside, and following a link close it.
// The links are rendered by the server layout and passed in as children, so
// this leaf holds only the open/closed state.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";

const NAV_ID = "main-nav";

export function NavMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!navRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  // A followed link keeps this layout mounted (client navigation): close the list ourselves.
  const closeOnLink = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as Element).closest("a")) setOpen(false);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="nav-menu-button"
        aria-expanded={open}
        aria-controls={NAV_ID}
        onClick={() => setOpen((o) => !o)}
        data-testid="nav-menu-button"
      >
        <span aria-hidden="true" className="nav-menu-icon" />
        Menu
      </button>
      <nav ref={navRef} id={NAV_ID} aria-label="main" data-open={open} onClick={closeOnLink}>
        {children}
      </nav>
    </>
  );
}

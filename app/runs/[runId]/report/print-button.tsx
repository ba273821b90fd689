"use client";
// The post-mortem's Print button: the browser's print dialog, with the print
// styles of globals.css (light page, no top bar, no buttons).
export function PrintButton() {
  return (
    <button type="button" className="btn" onClick={() => window.print()} data-testid="print">
      Print
    </button>
  );
}

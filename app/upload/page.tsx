import Link from "next/link";
import { UploadPanel } from "@/components/upload/upload-panel";

export default function UploadPage() {
  return (
    <>
      <h1>Upload</h1>
      <p className="muted">
        Loopscope JSONL, plain or gzipped. Every record and field, and which field drives which finding:{" "}
        <Link href="/docs/format">the format</Link>.
      </p>
      <UploadPanel />
    </>
  );
}

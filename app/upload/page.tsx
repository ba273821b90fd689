import Link from "next/link";
import { UploadPanel } from "@/components/upload/upload-panel";
import { requirePageUser } from "@/app/_server/session";

export default async function UploadPage() {
  await requirePageUser();
  return (
    <>
      <h1>Upload</h1>
      <p className="muted">
        Loopscope JSONL, or the logs your agents already write: each file&apos;s format is detected from its content.
        Which formats and what each becomes: <Link href="/docs/import">importing logs</Link>; every record and field of
        Loopscope JSONL: <Link href="/docs/format">the format</Link>.
      </p>
      <UploadPanel />
    </>
  );
}

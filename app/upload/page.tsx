import { UploadPanel } from "@/components/upload/upload-panel";

export default function UploadPage() {
  return (
    <>
      <h1>Upload</h1>
      <UploadPanel />
    </>
  );
}

// The files of a drag-and-drop (docs/dashboard.md#upload): dropped files as
// they are, and for a dropped folder (a loop script's folder of sessions) the
// import files inside it and its subfolders, in path order. Browser-only (the
// File and Directory Entries API); the name filter is lib/upload-request.ts.
import { isImportFileName } from "@/lib/upload-request";

/**
 * Read a drop. The entries must be taken while the drop event runs (the
 * DataTransfer empties after it), so call this synchronously in `onDrop`.
 */
export function readDrop(data: DataTransfer): Promise<File[]> {
  const files = [...data.files];
  const entries = [...data.items]
    .filter((item) => item.kind === "file")
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (!entries.some((e) => e?.isDirectory)) return Promise.resolve(files);
  return filesOfEntries(entries.filter((e): e is FileSystemEntry => e !== null));
}

async function filesOfEntries(top: FileSystemEntry[]): Promise<File[]> {
  const found: File[] = [];
  for (const entry of top) {
    if (entry.isFile) {
      found.push(await fileOf(entry as FileSystemFileEntry));
      continue;
    }
    const inFolder: { path: string; file: File }[] = [];
    const stack = [entry as FileSystemDirectoryEntry];
    for (let dir = stack.pop(); dir; dir = stack.pop()) {
      for (const child of await readAll(dir)) {
        if (child.isDirectory) stack.push(child as FileSystemDirectoryEntry);
        else if (isImportFileName(child.name))
          inFolder.push({ path: child.fullPath, file: await fileOf(child as FileSystemFileEntry) });
      }
    }
    inFolder.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    found.push(...inFolder.map((f) => f.file));
  }
  return found;
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** A folder's entries: the reader hands them out in batches until an empty one. */
async function readAll(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

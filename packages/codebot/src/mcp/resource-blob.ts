/**
 * A resource's binary content (`blob`) kept as a file, as claude 2.1.328 keeps it (recorded with
 * server-everything): `mcp-resource-<ms>-<index>-<random>.<ext>` in the session's `tool-results`
 * folder, the extension from its MIME type (`bin` when unknown), and a line for the model naming
 * the file.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { makeDirectory } from "../fs/make-directory.js";

/** claude's extensions by MIME type (parameters after `;` ignored). */
const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "application/json": "json",
  "text/csv": "csv",
  "text/plain": "txt",
  "text/html": "html",
  "text/markdown": "md",
  "application/zip": "zip",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/ogg": "ogg",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "text/css": "css",
  "text/javascript": "js",
  "application/javascript": "js",
  "application/xml": "xml",
  "text/xml": "xml",
  "application/wasm": "wasm",
};

export function blobExtension(mimeType: string | undefined): string {
  const bare = (mimeType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  // Own keys only: the MIME type is the server's text, and `constructor` is on every object.
  return Object.hasOwn(EXTENSIONS, bare) ? (EXTENSIONS[bare] as string) : "bin";
}

/**
 * The most blobs one read saves to files. claude 2.1.328 has no such cap (only 100 MiB a file,
 * recorded from its binary): a hostile server could answer one read with thousands of blobs and so
 * fill the disk with files. One read of a real resource gives one item or a few; 50 saved items'
 * lines still fit in the result the model reads (MCP_OUTPUT_LIMIT), so it can see every file.
 */
export const MAX_SAVED_BLOBS = 50;

/** The text the model reads for a blob past MAX_SAVED_BLOBS, which is not saved. */
export function blobsOverCapText(blobs: number): string {
  return `Binary content not saved: this read returned ${blobs} binary items, and one read saves at most ${MAX_SAVED_BLOBS} of them to files.`;
}

/** Writes the blob into `dir` (made if missing, readable by you alone); returns the file. */
export function saveBlob(dir: string, data: Buffer, mimeType: string | undefined, index: number): string {
  makeDirectory(dir);
  const name = `mcp-resource-${Date.now()}-${index}-${randomBytes(4).toString("hex").slice(0, 6)}`;
  const file = path.join(dir, `${name}.${blobExtension(mimeType)}`);
  // `wx`: a name already there (it never should be) is not overwritten.
  fs.writeFileSync(file, data, { mode: 0o600, flag: "wx" });
  return file;
}

/** The text the model reads for a saved blob, in claude's words. */
export function savedBlobText(
  server: string,
  uri: string,
  mimeType: string | undefined,
  size: number,
  file: string,
): string {
  return `[Resource from ${server} at ${uri}] Binary content (${mimeType || "unknown type"}, ${fileSize(size)}) saved to ${file}`;
}

/** `55 bytes`, `2.4KB`, `3.1MB`, as claude writes a size. */
export function fileSize(bytes: number): string {
  const units = ["KB", "MB", "GB"];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1).replace(/\.0$/, "")}${units[unit]}`;
}

/** A resource's binary content as a file: its extension and size in claude 2.1.328's words (recorded). */
import { describe, expect, it } from "vitest";
import { blobExtension, fileSize } from "../../src/mcp/resource-blob.js";

describe("resource blobs", () => {
  it("take the extension of their MIME type, its parameters ignored, and bin when it is missing or unknown", () => {
    expect(blobExtension("text/plain")).toBe("txt");
    expect(blobExtension("image/png")).toBe("png");
    expect(blobExtension("Application/PDF; q=1")).toBe("pdf");
    expect(blobExtension(undefined)).toBe("bin");
    expect(blobExtension("application/x-foo;bar")).toBe("bin");
  });

  it("a server's MIME type naming an object property (constructor, __proto__) is unknown: bin, not the property's text in the file name", () => {
    expect(blobExtension("constructor")).toBe("bin");
    expect(blobExtension("__proto__")).toBe("bin");
    expect(blobExtension("toString")).toBe("bin");
  });

  it("are sized as claude sizes them: bytes under 1 KB, then KB and MB with one decimal", () => {
    expect(fileSize(55)).toBe("55 bytes");
    expect(fileSize(2500)).toBe("2.4KB");
    expect(fileSize(2048)).toBe("2KB");
    expect(fileSize(3_300_000)).toBe("3.1MB");
  });
});

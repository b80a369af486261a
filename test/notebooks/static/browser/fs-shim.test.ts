import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadFiles } from "../../../../lib/notebooks/static/browser/files.js";
import * as fs from "../../../../lib/notebooks/static/browser/fs-shim.js";

const FILES = { "notebooks/sample-repo/a.py": "def a(): pass\n", "notebooks/sample-repo/pkg/b.py": "b = 1\n", "lib/x.json": '{"k": 1}' };

beforeAll(async () => {
  vi.stubGlobal("self", { location: { href: "http://site.test/assets/site/worker.js" } });
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: URL) => {
    asked.push(String(url));
    return new Response(JSON.stringify(FILES));
  });
  await loadFiles();
  await loadFiles();
  expect(asked).toEqual(["http://site.test/assets/site/files.json"]);
});

describe("the browser runtime's node:fs over the in-memory files", () => {
  it("reads files relative to the notebook folder, as text or bytes", () => {
    expect(fs.readFileSync("../lib/x.json", "utf8")).toBe('{"k": 1}');
    expect(fs.readFileSync("/project/lib/x.json", { encoding: "utf8" })).toBe('{"k": 1}');
    expect(fs.readFileSync("sample-repo/pkg/b.py")).toEqual(new TextEncoder().encode("b = 1\n"));
    expect(() => fs.readFileSync("nope.txt", "utf8")).toThrow(/ENOENT.*nope\.txt/);
  });
  it("lists folders as Node does, recursively too", async () => {
    expect(fs.readdirSync("sample-repo")).toEqual(["a.py", "pkg"]);
    expect(fs.readdirSync("sample-repo", { recursive: true })).toEqual(["a.py", "pkg", "pkg/b.py"]);
    expect((await fs.promises.readdir("sample-repo", { withFileTypes: true }) as { name: string; isFile(): boolean }[]).map((e) => [e.name, e.isFile()])).toEqual([["a.py", true], ["pkg", false]]);
    expect(() => fs.readdirSync("missing")).toThrow(/ENOENT/);
  });
  it("stats files and folders, and refuses to write", () => {
    expect([fs.existsSync("sample-repo"), fs.existsSync("sample-repo/a.py"), fs.existsSync("x")]).toEqual([true, true, false]);
    const st = fs.statSync("sample-repo/a.py");
    expect([st.isFile(), st.isDirectory(), st.size]).toEqual([true, false, 14]);
    expect(fs.statSync("sample-repo").isDirectory()).toBe(true);
    expect(() => fs.writeFileSync()).toThrow(/read-only/);
  });
  it("reads by file descriptor, as lib's capped reader does: open, fstat, read in pieces, close; never for writing", () => {
    const fd = fs.openSync("sample-repo/a.py", fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    expect(fs.fstatSync(fd).size).toBe(14);
    const buf = new Uint8Array(5);
    expect([fs.readSync(fd, buf, 0, 5, null), new TextDecoder().decode(buf)]).toEqual([5, "def a"]);
    expect(fs.readSync(fd, buf, 0, 5, 10)).toBe(4); // at a position: the stream's own place is left alone
    expect(fs.readSync(fd, buf, 0, 5, null)).toBe(5);
    fs.closeSync(fd);
    expect(() => fs.fstatSync(fd)).toThrow(/EBADF/);
    expect(() => fs.openSync("sample-repo/a.py", fs.constants.O_WRONLY | fs.constants.O_CREAT)).toThrow(/read-only/);
    expect(() => fs.openSync("sample-repo", 0)).toThrow(/EISDIR/);
    expect(() => fs.writeSync()).toThrow(/read-only/);
  });
});

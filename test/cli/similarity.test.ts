/** `workbench similarity`: the class similarity report on its own (it reads submissions, never runs them). */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stubFromSolution } from "../../lib/grader/stubs.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";
import { cli } from "./run-cli.js";

const ROOT = join(__dirname, "..", "..");
const tempDir = tempDirs();
const SOLUTION = readFileSync(join(ROOT, "solutions/04-search-replace/search-replace.ts"), "utf8");
const RENAMED = SOLUTION.replace(/\bwhole\b/g, "haystack").replace(/\bpart\b/g, "needle");
const HOSTILE_ID = "<script>alert(1)<\\script>";

function classFolder(): string {
  const dir = tempDir("sim-cli-");
  writeTree(dir, {
    "ann/exercises/04-search-replace/search-replace.ts": SOLUTION,
    [`${HOSTILE_ID}/04-search-replace/search-replace.ts`]: RENAMED.replace("return", "// <script>alert(2)</script>\n  return"),
    "cy/exercises/04-search-replace/search-replace.ts": stubFromSolution(SOLUTION, "04"),
  });
  return dir;
}

describe("workbench similarity", () => {
  it("lists the similar pairs, says it is a lead, and writes an inert HTML page and Markdown", async () => {
    const dir = classFolder();
    const out = join(dir, "report.html");
    const md = join(dir, "report.md");
    const r = await cli("similarity", dir, "--root", ROOT, "--out", out, "--markdown", md, "--threshold", "0.9");
    expect(r.code).toBe(0);
    expect(r.out).toContain("never an automatic penalty");
    expect(r.out).toMatch(/^\s+1\.00 {2}04-search-replace {2}<script>alert\(1\)<\\script> searchReplace .* ~ {2}ann searchReplace/m);
    expect(r.out).toMatch(/1\.00 {2}04-search-replace {2}ann searchReplace \(04-search-replace\/search-replace\.ts:\d+-\d+\) {2}~ {2}solution searchReplace/);
    expect(r.out).toMatch(/3 stubs/);
    expect(r.err).toContain("comparing 3 student folders");
    const html = readFileSync(out, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;\\script&gt;");
    expect(readFileSync(md, "utf8")).toContain("## Similar code");
    expect(existsSync(`${out}.${process.pid}.tmp`)).toBe(false);
  });

  it("says what is wrong in one line, exit 2", async () => {
    const dir = classFolder();
    const cases: [string[], RegExp][] = [
      [[], /^similarity: name one SUBMISSIONS folder/],
      [[dir, "--threshold", "1.5"], /^similarity: --threshold must be a decimal from 0 to 1 \(got "1\.5"\)$/],
      [[dir, "--threshold", "1e-1"], /--threshold must be a decimal/],
      [[dir, "--threshold", "abc"], /--threshold must be a decimal/],
      [[join(dir, "missing")], /^similarity: SUBMISSIONS .*missing is not a folder$/],
      [[dir, "--out", join(dir, "no", "such", "r.html")], /^similarity: --out .* must be in a folder that exists \(.* does not\)$/],
      [[dir, "--out", dir], /must be a regular file or a new file's name, not a folder/],
      [[dir, "--colour"], /^similarity: Unknown option '--colour'/],
    ];
    for (const [args, message] of cases) {
      const r = await cli("similarity", ...args, "--root", ROOT);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.trimEnd().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.err.trimEnd(), args.join(" ")).toMatch(message);
    }
  });

  it("fuzzed arguments: exit 0 or 2, at most 3 stderr lines, never a stack trace (fast-check, fixed seed)", async () => {
    const dir = classFolder();
    const words = ["", "-", "--", "0x1", "1e-1", "NaN", "-0", ".5", "0.80", "1.0", "2", "/nonexistent", "\u202e", "a\nb", "__proto__", dir];
    const flags = ["--threshold", "--root", "--bogus", "--help"];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.constantFrom(...words)), { maxLength: 4 }), fc.nat(), async (parts, k) => {
        const args = parts.flatMap(([isFlag, w], i) => (isFlag ? [flags[(k + i) % flags.length]!, w] : [w]));
        const r = await cli("similarity", ...args);
        expect([0, 2], args.join(" ")).toContain(r.code);
        if (r.code === 2) expect(r.err.trimEnd().split("\n").length, args.join(" ")).toBeLessThanOrEqual(3);
        expect(r.err, args.join(" ")).not.toMatch(/\n\s+at /);
      }),
      { seed: 20261201, numRuns: 40 },
    );
  });

  it("is listed in workbench --help", async () => {
    const r = await cli("--help");
    expect(r.out).toMatch(/similarity\s+compare a class's submissions by token shape/);
  });
});

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodeSeedFixture, encodeSeedFixture, type SeedFixture } from "./seed-fixtures.js";
import { seedPath } from "./seed-python.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("seed fixtures — the recorded outputs' format", () => {
  it("NaN and ±Infinity survive the trip through JSON, other numbers exactly", () => {
    const fixture: SeedFixture<unknown> = {
      source: "s",
      function: "repo_map",
      generated_by: "g",
      python: "p",
      cases: [{ input: { a: NaN, b: [Infinity, -Infinity], c: 0.1 + 0.2, d: { $x: 1 } }, expected: { error: "ValueError" } }],
    };
    const back = decodeSeedFixture<{ a: number; b: number[]; c: number }>(encodeSeedFixture(fixture));
    expect(back.cases[0]!.input.a).toBeNaN();
    expect(back.cases[0]!.input.b).toEqual([Infinity, -Infinity]);
    expect(back.cases[0]!.input.c).toBe(0.30000000000000004);
    expect(back).toEqual(fixture);
  });

  it("an unknown $number tag is an error, not a silent value", () => {
    expect(() => decodeSeedFixture('{"cases":[{"input":{"$number":"1e999"}}]}')).toThrow(/unknown \$number/);
  });
});

describe("seed fixtures — nothing looks for the shared folder unless WORKBENCH_SHARED names it", () => {
  it("seedPath refuses without WORKBENCH_SHARED, and uses only it when set", () => {
    expect(() => seedPath({})).toThrow(/WORKBENCH_SHARED is not set/);
    expect(() => seedPath({ WORKBENCH_SHARED: "" })).toThrow(/WORKBENCH_SHARED is not set/);
    expect(seedPath({ WORKBENCH_SHARED: "/x/y" })).toBe(resolve("/x/y", "seeds/000_516f8e11a34fda0d.txt"));
  });

  it("the regeneration script says what it needs and exits 2 when WORKBENCH_SHARED is unset", () => {
    const env = { ...process.env };
    delete env.WORKBENCH_SHARED;
    let status = 0;
    let stderr = "";
    try {
      execFileSync(process.execPath, ["--import", "tsx", "scripts/reference/seed-fixtures.ts"], { cwd: root, env, encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      const err = e as { status: number; stderr: string };
      status = err.status;
      stderr = err.stderr;
    }
    expect(status).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/WORKBENCH_SHARED is not set/);
  });
});

describe("the repository stands alone", () => {
  const skip = new Set(["node_modules", "dist", ".git", "build", ".workbench", ".jupyter"]);
  function files(dir: string, ext: RegExp): string[] {
    return readdirSync(resolve(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return skip.has(e.name) ? [] : files(rel, ext);
      return ext.test(e.name) ? [rel] : [];
    });
  }

  it("no code in lib/, test/ or scripts/ names the shared folder (comments citing a source aside)", () => {
    const offending = ["lib", "test", "scripts"].flatMap((d) => files(d, /\.(ts|py|sh)$/)).flatMap((f) =>
      readFileSync(resolve(root, f), "utf8")
        .split("\n")
        .map((line, i) => ({ f, i, line: line.trim() }))
        .filter(({ line }) => !/^(\*|\/\/|\/\*|#|""")/.test(line) && /\.\.\/shared|shared\/seeds/.test(line))
        .filter(({ f }) => f !== "test/reference/seed-fixtures.test.ts")
        .map(({ f, i }) => `${f}:${i + 1}`),
    );
    expect(offending).toEqual([]);
  });

  it("no reading (README.md, docs/, exercises/, notebooks/) sends the reader to ../shared", () => {
    const reading = ["README.md", ...files("docs", /\.md$/), ...files("exercises", /\.md$/), ...files("notebooks", /\.ipynb$/)];
    expect(reading.length).toBeGreaterThan(10);
    expect(reading.filter((f) => readFileSync(resolve(root, f), "utf8").includes("../shared"))).toEqual([]);
  });
});

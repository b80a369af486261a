/**
 * The languages added beyond the first twelve (issue 20): each loads with web-tree-sitter 0.25, tags its sample
 * file's definitions and references, and its sample's key symbol reaches `workbench map`'s output for a folder
 * holding that file alone (as Aider's own language tests check one sample per language). Also: a file of a language
 * left by name only is scanned by name only, and a cached scan is parsed again when the language table changes.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GrammarSet, type Grammar } from "../../../lib/repomap/scan/grammars.js";
import { languageById, languageForPath } from "../../../lib/repomap/scan/languages.js";
import { scanRepo } from "../../../lib/repomap/scan/scan.js";
import { getTagsRaw } from "../../../lib/repomap/scan/tags-raw.js";
import { cli } from "../../cli/run-cli.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const TAGS_DIR = join(__dirname, "..", "..", "fixtures", "tags");
const temp = tempDirs();

/** One sample per new language: names it must define, names it must reference, and the symbol the map must show. */
interface Sample {
  file: string;
  defs: string[];
  refs: string[];
  key: string;
}

const SAMPLES: Record<string, Sample> = {
  bash: { file: "sample.sh", defs: ["make_archive", "prune_old"], refs: ["make_archive", "prune_old"], key: "make_archive" },
  clojure: { file: "sample.clj", defs: ["warehouse-limit", "restock", "label", "with-audit", "report"], refs: ["restock", "label", "with-audit"], key: "restock" },
  dart: { file: "sample.dart", defs: ["Shape", "Circle", "area", "Colour", "totalArea", "main"], refs: ["totalArea", "Circle", "area", "Shape"], key: "totalArea" },
  elisp: { file: "sample.el", defs: ["wordcount-separator", "wordcount-split", "wordcount-with-buffer", "wordcount-buffer"], refs: ["wordcount-split", "wordcount-with-buffer"], key: "wordcount-split" },
  elixir: { file: "sample.ex", defs: ["Ledger.Account", "deposit", "withdraw", "check_funds", "apply_withdrawal"], refs: ["check_funds", "apply_withdrawal"], key: "withdraw" },
  elm: { file: "sample.elm", defs: ["Counter", "Model", "Msg", "Increment", "Decrement", "update", "view"], refs: ["Model", "Msg", "Increment"], key: "update" },
  gleam: { file: "sample.gleam", defs: ["Shape", "Square", "Rect", "unit_side", "area", "total", "main"], refs: ["area", "total", "Square"], key: "area" },
  haskell: { file: "sample.hs", defs: ["Queue", "Container", "size", "emptyQueue", "push", "pop"], refs: ["pop", "Queue", "Container"], key: "push" },
  hcl: { file: "sample.tf", defs: ["region", "bucket_name", "logs", "network", "bucket_arn"], refs: ["region", "bucket_name", "logs"], key: "bucket_name" },
  kotlin: { file: "sample.kt", defs: ["Priced", "price", "Item", "Discounts", "RATE", "Cart", "add", "total", "checkout"], refs: ["price", "total", "Item", "Cart"], key: "Cart" },
  lua: { file: "sample.lua", defs: ["new", "push", "pop", "describe"], refs: ["new", "push", "describe"], key: "push" },
  properties: { file: "sample.properties", defs: ["app.name", "app.version", "greeting.message", "db.url"], refs: ["app.name", "app.version"], key: "greeting.message" },
  scala: { file: "sample.scala", defs: ["geometry", "Shape", "Circle", "area", "Geometry", "unit", "largest", "main"], refs: ["Shape", "Circle", "largest"], key: "largest" },
  ocaml: { file: "sample.ml", defs: ["tree", "Leaf", "Node", "Counter", "bump", "insert", "mem", "of_list"], refs: ["insert", "bump", "Counter", "Leaf"], key: "insert" },
  ocaml_interface: { file: "sample.mli", defs: ["tree", "ORDERED", "empty", "insert", "mem", "hash_tree"], refs: ["tree"], key: "insert" },
  r: { file: "sample.r", defs: ["normalise", "summarise_scores", "report"], refs: ["normalise", "summarise_scores"], key: "summarise_scores" },
  solidity: { file: "sample.sol", defs: ["IVault", "Vault", "balances", "Deposited", "Receipt", "positive", "deposit", "balanceOf"], refs: ["positive", "Deposited", "IVault"], key: "balanceOf" },
  swift: { file: "sample.swift", defs: ["Describable", "describe", "Point", "Direction", "Path", "add", "summary", "makePath"], refs: ["describe", "add", "Point", "Path"], key: "makePath" },
  zig: { file: "sample.zig", defs: ["Vec2", "add", "Mode", "lengthSquared", "main"], refs: ["add", "lengthSquared", "Vec2"], key: "lengthSquared" },
};

/** The languages Aider at 5dc9490 tags (issue 20's list plus the first twelve), by our ids. */

const grammars = new GrammarSet();
const loaded = new Map<string, Grammar>();

beforeAll(async () => {
  for (const id of Object.keys(SAMPLES)) {
    const g = await grammars.get(languageById(id)!);
    if (g) loaded.set(id, g);
  }
});

describe("the languages added beyond the first twelve", () => {
  it("every one loads with web-tree-sitter 0.25 and its tags query compiles; the sample parses without errors", () => {
    expect([...grammars.failures]).toEqual([]);
    expect([...loaded.keys()].sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const [id, s] of Object.entries(SAMPLES)) {
      expect(languageForPath(s.file)?.id, s.file).toBe(id);
      expect(getTagsRaw(loaded.get(id)!, readFileSync(join(TAGS_DIR, s.file), "utf8")).hasError, id).toBe(false);
    }
  });

  for (const [id, s] of Object.entries(SAMPLES)) {
    it(`${id}: the sample's definitions and references are tagged, each def on a line that holds its name`, () => {
      const code = readFileSync(join(TAGS_DIR, s.file), "utf8");
      const lines = code.split("\n");
      const { tags } = getTagsRaw(loaded.get(id)!, code, { duplicateLastCapture: false, backfill: false });
      const defs = tags.filter((t) => t[0] === "def");
      const refs = new Set(tags.filter((t) => t[0] === "ref").map((t) => t[1]));
      for (const name of s.defs) expect(defs.map((t) => t[1]), `${id} defines ${name}`).toContain(name);
      for (const name of s.refs) expect(refs.has(name), `${id} references ${name}`).toBe(true);
      for (const [, name, line] of defs) expect(lines[line], `${id}: ${name} on line ${line}`).toContain(name.split(".").pop());
    });
  }

  for (const [id, s] of Object.entries(SAMPLES)) {
    it(`${id}: \`workbench map\` on a folder holding only its sample shows the key symbol ${s.key}`, async () => {
      const dir = temp(`wb-lang-${id}-`);
      copyFileSync(join(TAGS_DIR, s.file), join(dir, s.file));
      const r = await cli("map", dir, "--no-cache");
      expect(r.code, `${id}: ${r.err}`).toBe(0);
      const mapText = r.out.slice(0, r.out.indexOf("── summary ──"));
      expect(mapText).toContain(`${s.file}:`);
      // the key symbol's defining line itself, not just its name somewhere (an export list, a comment)
      const code = readFileSync(join(TAGS_DIR, s.file), "utf8");
      const def = getTagsRaw(loaded.get(id)!, code).tags.find((t) => t[0] === "def" && t[1] === s.key);
      expect(def, `${id} defines ${s.key}`).toBeDefined();
      expect(mapText).toContain(`│${code.split("\n")[def![2]]}\n`);
      expect(r.out).toMatch(/files\s+1 listed, 0 without a grammar/);
    }, 60_000);
  }
});

describe("languages Aider tags that stay by name only", () => {
  it("a scan lists such a file by name only, without reading a grammar for it", async () => {
    const dir = temp("wb-lang-unmapped-");
    writeTree(dir, { "blink.ino": "void setup() {}\n", "lib.d": "int f() { return 1; }\n", "util.zig": "fn f() void {}\n" });
    const scan = await scanRepo(dir, { cacheDir: null });
    const byPath = new Map(scan.files.map((f) => [f.rel, f]));
    expect(byPath.get("blink.ino")).toMatchObject({ lang: null, tags: [] });
    expect(byPath.get("lib.d")).toMatchObject({ lang: null, tags: [] });
    expect(byPath.get("util.zig")?.lang).toBe("zig");
    expect(byPath.get("util.zig")?.tags).toContainEqual(["def", "f", 0]);
    expect(scan.summary.noGrammar).toBe(2);
  });
});

describe("the scan cache's fingerprint follows the grammars", () => {
  it("a cached scan is parsed again when the grammars' versions or table change", async () => {
    const dir = temp("wb-lang-cache-");
    const cacheDir = temp("wb-lang-cache-dir-");
    copyFileSync(join(TAGS_DIR, "sample.lua"), join(dir, "sample.lua"));
    const first = await scanRepo(dir, { cacheDir });
    expect(first.summary.parsed).toBe(1);
    const again = await scanRepo(dir, { cacheDir });
    expect(again.summary.parsed).toBe(0);
    class OtherTable extends GrammarSet {
      override versions(): Record<string, string> {
        return { ...super.versions(), languages: "0000000000000000" };
      }
    }
    const changedTable = await scanRepo(dir, { cacheDir, grammars: new OtherTable() });
    expect(changedTable.summary.parsed).toBe(1);
  });
});

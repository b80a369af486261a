import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseNotebook } from "../../lib/notebooks/ipynb.js";
import { sectionHeading } from "../../lib/notebooks/language.js";

// docs/what-you-can-do.md and the last section of notebook 06 (folded there) map seed 000's practice tasks and mastery criteria to
// the notebook section that teaches each and the graded test that checks it (issue 17, item 7).
const root = join(__dirname, "..", "..");
const doc = readFileSync(join(root, "docs", "what-you-can-do.md"), "utf8");

interface Row {
  id: string;
  sections: string[];
  tests: string[];
}

function tableLines(text: string): string[] {
  return text.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| ---") && !l.startsWith("| |"));
}

function rows(lines: readonly string[]): Row[] {
  return lines.map((line) => {
    const cells = line.replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
    expect(cells, line).toHaveLength(4);
    return { id: cells[0]!, sections: cells[2]!.split("<br>"), tests: cells[3]!.split("<br>") };
  });
}

const notebookFile = (nn: string) => readdirSync(join(root, "notebooks")).find((f) => f.startsWith(`${nn}-`) && f.endsWith(".ipynb"));

function headings(file: string): string[] {
  const nb = JSON.parse(readFileSync(join(root, "notebooks", file), "utf8")) as { cells: { cell_type: string; source: string[] }[] };
  return nb.cells
    .filter((c) => c.cell_type === "markdown")
    .flatMap((c) => c.source.join("").split("\n"))
    .filter((l) => /^#+ /.test(l))
    .map((l) => l.replace(/^#+ /, "").trim());
}

/** The titles given to ex.test and ex.byHand in a graded test file, as written in the source. */
function testTitles(name: string): string[] {
  const src = readFileSync(join(root, "test", "exercises", `${name}.test.ts`), "utf8");
  return [...src.matchAll(/ex\.(?:test|byHand)\(\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
}

const docRows = rows(tableLines(doc.slice(doc.indexOf("<!-- table:start -->"), doc.indexOf("<!-- table:end -->"))));

describe("What you can do now: seed 000's practice tasks and mastery criteria mapped", () => {
  it("has the five practice tasks and the four mastery criteria", () => {
    expect(docRows.map((r) => r.id)).toEqual([
      ...[1, 2, 3, 4, 5].map((i) => `Practice ${i}`),
      ...[1, 2, 3, 4].map((i) => `Mastery ${i}`),
    ]);
  });

  it("every row names notebook sections that exist", () => {
    const missing: string[] = [];
    for (const r of docRows) {
      for (const s of r.sections) {
        const m = /^(\d\d) › (.+)$/.exec(s);
        if (!m) {
          missing.push(`${r.id}: "${s}" is not "NN › heading"`);
          continue;
        }
        const file = notebookFile(m[1]!);
        if (!file || !headings(file).includes(m[2]!)) missing.push(`${r.id}: no heading "${m[2]}" in notebook ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every row names graded tests that exist (a title ending in … is the start of one)", () => {
    const missing: string[] = [];
    for (const r of docRows) {
      for (const t of r.tests) {
        const m = /^(\d\d-[a-z0-9-]+) › (.+)$/.exec(t);
        if (!m) {
          missing.push(`${r.id}: "${t}" is not "NN-name › title"`);
          continue;
        }
        let titles: string[];
        try {
          titles = testTitles(m[1]!);
        } catch {
          missing.push(`${r.id}: no test/exercises/${m[1]}.test.ts`);
          continue;
        }
        const want = m[2]!;
        const found = want.endsWith("…") ? titles.some((x) => x.startsWith(want.slice(0, -1))) : titles.includes(want);
        if (!found) missing.push(`${r.id}: no graded test "${want}" in ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("ends the course: notebook 06's last section, before its exercise and its closing check, names the doc and holds the same table, folded", () => {
    const nb = JSON.parse(readFileSync(join(root, "notebooks", notebookFile("06")!), "utf8")) as { cells: { id: string; source: string[] }[] };
    const at = nb.cells.findIndex((c) => c.id === "what-you-can-do");
    expect(nb.cells.slice(at + 1).map((c) => c.id)).toEqual(["exercise", "check"]);
    const text = nb.cells[at]!.source.join("");
    expect(text).toContain("`docs/what-you-can-do.md`");
    // Folded: every row of the table sits between a <details> line and its </details>, so the page stays short.
    const lines = text.split("\n");
    const open = lines.findIndex((l) => l.startsWith("<details>"));
    const close = lines.findIndex((l) => l.startsWith("</details>"));
    const rowsAt = lines.map((l, i) => (l.startsWith("| ") ? i : -1)).filter((i) => i >= 0);
    expect(open).toBeGreaterThanOrEqual(0);
    expect(rowsAt.every((i) => i > open && i < close)).toBe(true);
    expect(tableLines(text)).toEqual(tableLines(doc.slice(doc.indexOf("<!-- table:start -->"), doc.indexOf("<!-- table:end -->"))));
  });

  it("in Chinese (docs/what-you-can-do.zh.md and notebook 06's Chinese): the same rows, each section by its Chinese heading", () => {
    const zhDoc = readFileSync(join(root, "docs", "what-you-can-do.zh.md"), "utf8");
    const zhRows = rows(tableLines(zhDoc.slice(zhDoc.indexOf("<!-- table:start -->"), zhDoc.indexOf("<!-- table:end -->"))));
    expect(zhRows).toHaveLength(docRows.length);
    const inChinese = (s: string): string => {
      const m = /^(\d\d) › (.+)$/.exec(s)!;
      const file = notebookFile(m[1]!)!;
      return `${m[1]} › ${sectionHeading(parseNotebook(readFileSync(join(root, "notebooks", file), "utf8"), file), m[2]!, "zh")}`;
    };
    zhRows.forEach((r, i) => {
      expect(r.sections, `row ${i + 1}`).toEqual(docRows[i]!.sections.map(inChinese));
      expect(r.tests, `row ${i + 1}`).toEqual(docRows[i]!.tests);
    });
    const nb = JSON.parse(readFileSync(join(root, "notebooks", notebookFile("06")!), "utf8")) as { cells: { id: string; metadata: { zh?: { source: string[] } } }[] };
    const zhCell = nb.cells.find((c) => c.id === "what-you-can-do")!.metadata.zh!.source.join("");
    expect(tableLines(zhCell).slice(2)).toEqual(tableLines(zhDoc.slice(zhDoc.indexOf("<!-- table:start -->"), zhDoc.indexOf("<!-- table:end -->"))).slice(2));
  });
});


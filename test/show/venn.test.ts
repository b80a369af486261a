/** lib/show/venn.ts: the commit plan's sets D and E drawn, the plan's commits marked (seed 000 KP3). */
import { describe, expect, it } from "vitest";
import { teachingCommitPlan } from "../../lib/index.js";
import { vennPicture } from "../../lib/show/venn.js";
import { byClass, byName, svgRoot, textOf } from "../support/markup.js";

const labels = (svg: string) => byName(svgRoot(svg), "text").map(textOf);

describe("vennPicture", () => {
  it("writes each file in its region and marks the plan's commits; git's commits compared", () => {
    const input = { dirtyFiles: ["app.py", "notes.md"], editedFiles: ["app.py", "new.py"] };
    const plan = teachingCommitPlan(input);
    const svg = vennPicture({ dirty: input.dirtyFiles, edited: input.editedFiles, others: ["README.md"], plan, git: { beforeEdit: ["app.py"], afterEdit: ["app.py", "new.py"] } });
    expect(svg.match(/class="file"/g)).toHaveLength(3);
    expect(svg).toContain("app.py ①");
    expect(svg).toContain("new.py ②");
    expect(svg).toMatch(/>notes\.md</);
    expect(svg).toContain("outside both (untouched): README.md");
    expect(svg).toContain('class="git-agrees"');
    const off = teachingCommitPlan({ ...input, dirtyCommits: false });
    const svg2 = vennPicture({ dirty: input.dirtyFiles, edited: input.editedFiles, plan: off, git: { beforeEdit: ["app.py"], afterEdit: [] } });
    expect(svg2).toContain("app.py ⚠");
    expect(svg2).toContain('class="git-differs"');
    expect(() => vennPicture({ dirty: [], edited: ["a"], plan: { beforeEdit: ["a"], afterEdit: [], overlapWithoutCheckpoint: [] } })).toThrow(/vennPicture: input\.plan\.beforeEdit must lie in D ∩ E/);
  });

  it("one circle per set, the files sorted into D only, D ∩ E and E only; an empty region shows a dash", () => {
    const root = svgRoot(vennPicture({ dirty: ["b.py", "a.py"], edited: ["a.py"] }));
    expect(byClass(root, "set-D")).toHaveLength(1);
    expect(byClass(root, "set-E")).toHaveLength(1);
    expect(byClass(root, "after-commit")).toHaveLength(0); // no plan, no ring
    const files = byClass(root, "file").map((g) => ({ file: g.attrs["data-file"], x: Number(byName(g, "text")[0]!.attrs.x) }));
    expect(files.map((f) => f.file)).toEqual(["b.py", "a.py"]);
    expect(files[0]!.x).toBeLessThan(files[1]!.x);
    expect(labels(vennPicture({ dirty: ["b.py", "a.py"], edited: ["a.py"] }))).toContain("—");
    const column = byClass(svgRoot(vennPicture({ dirty: ["c.py", "a.py", "b.py"], edited: [] })), "file");
    expect(column.map((g) => g.attrs["data-file"])).toEqual(["a.py", "b.py", "c.py"]); // sorted, top to bottom
    expect(column.map((g) => Number(byName(g, "text")[0]!.attrs.y))).toEqual([...column.map((g) => Number(byName(g, "text")[0]!.attrs.y))].sort((a, b) => a - b));
  });

  it("file names with <, & and \" are escaped in their labels and data-file, and read back as written", () => {
    const name = 'a<b&"c".py';
    const svg = vennPicture({ dirty: [name], edited: [name], others: ["x&y"] }, { title: "D & E" });
    const root = svgRoot(svg);
    expect(byClass(root, "file").map((g) => g.attrs["data-file"])).toEqual([name]);
    expect(labels(svg)).toEqual(expect.arrayContaining(["D & E", name, "outside both (untouched): x&y"]));
    expect(root.attrs["aria-label"]).toBe("D & E");
  });

  it("the same input gives the same SVG; the unprotected overlap is written in red", () => {
    const input = { dirty: ["a.py"], edited: ["a.py"], plan: { beforeEdit: [], afterEdit: ["a.py"], overlapWithoutCheckpoint: ["a.py"] } };
    const svg = vennPicture(input);
    expect(vennPicture(input)).toBe(svg);
    expect(labels(svg)).toContain("⚠ edited with no checkpoint of your version: a.py");
    expect(byClass(svgRoot(svg), "after-commit")).toHaveLength(1);
  });

  it("rejects bad input in one line naming the parameter", () => {
    expect(() => vennPicture(null as never)).toThrow("vennPicture: input must be an object");
    expect(() => vennPicture({ dirty: "a.py" as never, edited: [] })).toThrow("vennPicture: input.dirty must be an array");
    expect(() => vennPicture({ dirty: [], edited: [1 as never] })).toThrow("vennPicture: input.edited[0] must be a string");
    expect(() => vennPicture({ dirty: [], edited: [], git: { beforeEdit: [], afterEdit: [2 as never] } })).toThrow("vennPicture: input.git.afterEdit[0] must be a string");
  });
});

import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/index.js";
import { attribution, COMMIT_SETTINGS_DEFAULTS, standInMessage, type CommitSettings } from "../../../lib/git/aider/commit.js";
import { withKept } from "../git-helpers.js";

const tri = [null, true, false] as const;

describe("attribution — the table of `aider/repo.py` `GitRepo.commit`", () => {
  const cases = tri.flatMap((attributeAuthor) =>
    tri.flatMap((attributeCommitter) =>
      [true, false].flatMap((attributeCoAuthoredBy) => [true, false].map((aiderEdits) => ({ attributeAuthor, attributeCommitter, attributeCoAuthoredBy, aiderEdits }))),
    ),
  );
  it.each(cases)("%o", ({ aiderEdits, ...flags }) => {
    const a = attribution({ ...COMMIT_SETTINGS_DEFAULTS, ...flags }, aiderEdits);
    if (aiderEdits && flags.attributeCoAuthoredBy) {
      // Aider edit with the trailer: a name changes only when its flag is explicitly true
      expect(a).toMatchObject({ renameAuthor: flags.attributeAuthor === true, renameCommitter: flags.attributeCommitter === true, trailer: true });
    } else if (aiderEdits) {
      // co-authored-by off: both renamed unless explicitly false
      expect(a).toMatchObject({ renameAuthor: flags.attributeAuthor !== false, renameCommitter: flags.attributeCommitter !== false, trailer: false });
    } else {
      // the user's changes (dirty commit, /commit): author never, committer unless explicitly false, no trailer
      expect(a).toMatchObject({ renameAuthor: false, renameCommitter: flags.attributeCommitter !== false, trailer: false });
    }
  });

  it('"aider: " prefixes only Aider edits, and only when a commit-message flag is on', () => {
    for (const m of [false, true]) for (const c of [false, true]) for (const aiderEdits of [false, true]) {
      const s: CommitSettings = { ...COMMIT_SETTINGS_DEFAULTS, attributeCommitMessageAuthor: m, attributeCommitMessageCommitter: c };
      expect(attribution(s, aiderEdits).prefix).toBe(aiderEdits && (m || c));
    }
  });

  it("rejects bad settings, naming the field", () => {
    expect(() => attribution({ ...COMMIT_SETTINGS_DEFAULTS, attributeAuthor: "yes" as unknown as boolean }, true)).toThrow(
      /attribution: settings\.attributeAuthor must be a boolean/,
    );
    expect(() => attribution({ ...COMMIT_SETTINGS_DEFAULTS, modelName: "" }, true)).toThrow(WorkbenchInputError);
    expect(() => attribution({ ...COMMIT_SETTINGS_DEFAULTS, colour: 1 } as unknown as CommitSettings, true)).toThrow(/settings\.colour is not a known option/);
  });
});

describe("standInMessage — the deterministic stand-in for the model's message", () => {
  it("names the files by what happened to them, in diff order", () => {
    expect(standInMessage([{ path: "app.py", status: "M" }, { path: "new.py", status: "A" }])).toBe("Update app.py; add new.py");
    expect(standInMessage([{ path: "u.py", status: "added-untracked" }, { path: "x", status: "D" }, { path: "y", status: "M" }])).toBe(
      "Update y; add u.py; delete x",
    );
    expect(standInMessage([{ path: "a", status: "M" }, { path: "a", status: "M" }])).toBe("Update a");
    expect(standInMessage([])).toBe("");
  });
});

describe("attribution on real commits", () => {
  const base = { files: { "a.py": "a\n" }, dirty: { "a.py": "a\nuser\n" }, chat: ["a.py"], edited: { "a.py": "a\nuser\naider\n" } };
  const names = async (options: Record<string, unknown>) =>
    withKept({ ...base, options }, (k) => k.commits().map((c) => [c.author, c.committer, c.message]));

  it("--attribute-author and --attribute-commit-message-author: Aider's author renamed, message prefixed, trailer kept", async () => {
    const [dirty, aider] = await names({ attributeAuthor: true, attributeCommitMessageAuthor: true, modelName: "gpt-4o" });
    expect(dirty).toEqual(["Workbench User", "Workbench User (aider)", "Update a.py"]);
    expect(aider).toEqual(["Workbench User (aider)", "Workbench User", "aider: Update a.py\n\nCo-authored-by: aider (gpt-4o) <aider@aider.chat>"]);
  });

  it("co-authored-by off: Aider's commit renames author and committer, no trailer", async () => {
    const [, aider] = await names({ attributeCoAuthoredBy: false });
    expect(aider).toEqual(["Workbench User (aider)", "Workbench User (aider)", "Update a.py"]);
  });

  it("--no-attribute-committer: the dirty commit keeps the user's committer name", async () => {
    const [dirty] = await names({ attributeCommitter: false });
    expect(dirty).toEqual(["Workbench User", "Workbench User", "Update a.py"]);
  });
});

describe("/commit", () => {
  it("does nothing on a clean repository — untracked files do not make it dirty — and nothing without git", async () => {
    const steps = [{ do: "commit" }, { do: "write", files: { "a.py": "a2\n" } }, { do: "commit", message: "  mine  " }];
    await withKept({ files: { "a.py": "a\n" }, dirty: { "u.py": "u\n" }, steps }, (k) => {
      const [first, , second] = k.report.steps;
      expect(first!.do === "commit" && first!.result).toEqual({ kind: "nothing" });
      expect(k.commits().map((c) => [c.files, c.message])).toEqual([[["a.py"], "mine"]]); // git commit -a: u.py stays out
      expect(second!.do === "commit" && second!.result.kind).toBe("committed");
      expect(k.status()).toEqual(new Map([["u.py", "??"]]));
    });
    await withKept({ files: { "a.py": "a\n" }, dirty: { "a.py": "b\n" }, options: { gitEnabled: false }, steps: [{ do: "commit" }] }, (k) => {
      expect(k.commits()).toEqual([]);
    });
  });
});

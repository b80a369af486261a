// lib/git/aider/session.ts: the coder's shared state — options (auto_commits=False forces dirty_commits=False),
// the answers with per-path overrides, the chat files — and its argument checks. One sandbox for the file (the
// constructor only asks whether chat files exist); checkGitOptions is pure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { COMMIT_SETTINGS_DEFAULTS } from "../../../lib/git/aider/commit.js";
import { AiderRepo } from "../../../lib/git/aider/repo.js";
import { AiderSession, ANSWERS_DEFAULTS, checkGitOptions, GIT_OPTIONS_DEFAULTS } from "../../../lib/git/aider/session.js";
import { Sandbox } from "../../../lib/git/sandbox/sandbox.js";

let box: Sandbox;
beforeAll(async () => {
  box = await Sandbox.create();
  box.write("a.py", "a\n");
  box.write("d/b.py", "b\n");
});
afterAll(() => box.dispose());

describe("checkGitOptions", () => {
  it("fills in Aider's defaults and keeps what is given", () => {
    expect(checkGitOptions("t", {})).toEqual(GIT_OPTIONS_DEFAULTS);
    expect(checkGitOptions("t", { dryRun: true, gitEnabled: false })).toEqual({ ...GIT_OPTIONS_DEFAULTS, dryRun: true, gitEnabled: false });
    expect(Object.isFrozen(GIT_OPTIONS_DEFAULTS)).toBe(true);
  });

  it.each([
    [null, "t: options must be an object"],
    [{ autoCommit: true }, "t: options.autoCommit is not a known option"],
    [{ dryRun: "yes" }, "t: options.dryRun must be a boolean"],
    [{ autoCommits: 0 }, "t: options.autoCommits must be a boolean"],
  ])("%j is refused in one line naming the option", (options, message) => {
    expect(() => checkGitOptions("t", options)).toThrow(WorkbenchInputError);
    expect(() => checkGitOptions("t", options)).toThrow(message);
  });
});

describe("AiderSession — options and answers", () => {
  it("defaults: git on, a repository, both commit kinds, yes to both questions, no chat files", () => {
    const s = new AiderSession(box);
    expect(s.repo).toBeInstanceOf(AiderRepo);
    expect([s.autoCommits, s.dirtyCommits, s.requestedDirtyCommits, s.dryRun]).toEqual([true, true, true, false]);
    expect(s.settings).toEqual(COMMIT_SETTINGS_DEFAULTS);
    expect(s.answers).toEqual(ANSWERS_DEFAULTS);
    expect([...s.chat]).toEqual([]);
    expect(s.aiderCommitHashes.size).toBe(0);
  });

  it("autoCommits=false forces dirtyCommits=false, keeping what was asked for", () => {
    const s = new AiderSession(box, { options: { autoCommits: false } });
    expect([s.autoCommits, s.dirtyCommits, s.requestedDirtyCommits]).toEqual([false, false, true]);
    const t = new AiderSession(box, { options: { dirtyCommits: false } });
    expect([t.autoCommits, t.dirtyCommits, t.requestedDirtyCommits]).toEqual([true, false, false]);
  });

  it("gitEnabled=false: no repository", () => {
    expect(new AiderSession(box, { options: { gitEnabled: false } }).repo).toBeNull();
  });

  it("settings are merged over the defaults", () => {
    const s = new AiderSession(box, { settings: { attributeAuthor: true, modelName: "m" } });
    expect(s.settings).toEqual({ ...COMMIT_SETTINGS_DEFAULTS, attributeAuthor: true, modelName: "m" });
  });

  it("answer(): a per-path answer overrides the question's; other paths get the question's (__proto__ is just a path)", () => {
    const s = new AiderSession(box, { answers: { createNewFile: false, byPath: { "x.py": true, ["__proto__"]: false } } });
    expect(s.answer("createNewFile", "x.py")).toBe(true);
    expect(s.answer("createNewFile", "y.py")).toBe(false);
    expect(s.answer("editFileNotInChat", "y.py")).toBe(true);
    expect(s.answer("editFileNotInChat", "__proto__")).toBe(false);
    expect(s.answer("editFileNotInChat", "constructor")).toBe(true);
  });
});

describe("AiderSession — chat files and bad input", () => {
  it("takes existing chat files in order, once each", () => {
    expect([...new AiderSession(box, { chat: ["d/b.py", "a.py", "d/b.py"] }).chat]).toEqual(["d/b.py", "a.py"]);
  });

  it.each([
    [{ chat: ["missing.py"] }, "AiderSession: chat[0] must name a file that exists"],
    [{ chat: ["a.py", "../outside.py"] }, "AiderSession: chat[1] is refused: '..' would escape the sandbox"],
    [{ chat: ["/etc/passwd"] }, "AiderSession: chat[0] is refused: absolute paths escape the sandbox"],
    [{ chat: [".git/config"] }, "AiderSession: chat[0] is refused: the repository's .git directory is off limits"],
    [{ chat: "a.py" }, "AiderSession: chat must be"],
    [{ chats: [] }, "AiderSession: config.chats is not a known option"],
    [{ options: { dryRun: 1 } }, "AiderSession: options.dryRun must be a boolean"],
    [{ settings: { modelName: "" } }, "AiderSession: settings.modelName must not be empty"],
    [{ settings: { attributeAuthor: "yes" } }, "AiderSession: settings.attributeAuthor must be a boolean"],
    [{ answers: { createNewFile: "y" } }, "AiderSession: answers.createNewFile must be a boolean"],
    [{ answers: { always: true } }, "AiderSession: answers.always is not a known option"],
    [{ answers: { byPath: { "../x": true } } }, `AiderSession: answers.byPath["../x"] is refused: '..' would escape`],
    [{ answers: { byPath: { "a.py": "yes" } } }, `AiderSession: answers.byPath["a.py"] must be a boolean`],
  ])("%j is refused in one line naming the parameter", (config, message) => {
    expect(() => new AiderSession(box, config as never)).toThrow(WorkbenchInputError);
    expect(() => new AiderSession(box, config as never)).toThrow(message);
  });
});

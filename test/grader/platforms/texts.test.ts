/** The platforms' entry files: each runs the one `autograde` command for its platform, and each parses. */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as texts from "../../../lib/grader/platforms/texts.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tmp = tempDirs();

describe("platform texts", () => {
  it("every shell script parses (bash -n) and runs the platform's autograde command", () => {
    const dir = tmp("texts-");
    const scripts: [string, string, string][] = [
      ["setup.sh", texts.gradescopeSetup(), "npm ci"],
      ["run_autograder", texts.gradescopeRun(), "autograde gradescope"],
      ["run-prairielearn", texts.prairielearnRun(), "autograde prairielearn"],
    ];
    for (const [name, text, needle] of scripts) {
      expect(text.startsWith("#!/usr/bin/env bash\n"), name).toBe(true);
      expect(text, name).toContain(needle);
      writeFileSync(join(dir, name), text);
      execFileSync("bash", ["-n", join(dir, name)]);
    }
  });

  it("autograder.py compiles and names the classroom50 command; the runtime block asks for the grader's Node", () => {
    const dir = tmp("texts-");
    writeFileSync(join(dir, "autograder.py"), texts.classroom50Autograder());
    execFileSync("python3", ["-m", "py_compile", join(dir, "autograder.py")]);
    expect(texts.classroom50Autograder()).toContain('"autograde", "classroom50"');
    expect(JSON.parse(texts.classroom50Runtime())).toEqual({ "runs-on": "ubuntu-latest", node: texts.GRADER_NODE, apt: ["bubblewrap"] });
  });

  it("the Dockerfile starts from the grader's Node line and installs what the sandbox needs", () => {
    const d = texts.graderDockerfile("1.2.3");
    expect(d).toMatch(new RegExp(`^FROM node:${texts.GRADER_NODE}-`, "m"));
    expect(d).toContain("bubblewrap");
    expect(d).toContain("aider-workbench-grader:1.2.3");
  });

  it("the question page escapes the stub, so its code is text inside the editor", () => {
    const html = texts.prairielearnQuestionHtml("A & B", "x.ts", 'const m: Map<string, number> = new Map(); // "q"');
    expect(html).toContain("A &amp; B");
    expect(html).toContain("Map&lt;string, number&gt;");
    expect(html).not.toContain("Map<string");
  });
});

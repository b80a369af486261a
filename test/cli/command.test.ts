/** lib/cli/command.ts: the pieces every command parses its arguments with — each bad argument one UsageError line. */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  boundedInteger,
  INPUT_LIMITS,
  inputLimitText,
  outputFile,
  outputFolder,
  parseCommandArgs,
  readJsonFile,
  readUserText,
  rejectPositionals,
  UsageError,
  userFileError,
  writeOutput,
} from "../../lib/cli/command.js";
import { WorkbenchInputError } from "../../lib/core/errors.js";

describe("parseCommandArgs", () => {
  it("parses options and positionals strictly", () => {
    const { values, positionals } = parseCommandArgs("map", ["src", "--tokens", "512", "--quiet"], { tokens: { type: "string" }, quiet: { type: "boolean" } });
    expect(values).toEqual({ tokens: "512", quiet: true });
    expect(positionals).toEqual(["src"]);
  });

  it("turns parseArgs' errors into one UsageError line naming the command and its help", () => {
    const call = () => parseCommandArgs("map", ["--tokenz", "5"], { tokens: { type: "string" } });
    expect(call).toThrow(UsageError);
    expect(call).toThrow(/^map: .*--tokenz.* \(see: workbench map --help\)$/);
    expect(() => parseCommandArgs("map", ["--tokens"], { tokens: { type: "string" } })).toThrow(/^map: [^\n]*--tokens[^\n]*$/);
  });
});

describe("rejectPositionals", () => {
  it("passes no arguments and names the first one given", () => {
    expect(() => rejectPositionals("kernel", [])).not.toThrow();
    expect(() => rejectPositionals("kernel", ["x", "y"])).toThrow('kernel: takes no arguments (got "x"; see: workbench kernel --help)');
  });
});

describe("boundedInteger", () => {
  it("takes decimal integers within the bounds, nothing else", () => {
    expect(boundedInteger("map", "--tokens", "512", 1, 1000)).toBe(512);
    expect(boundedInteger("x", "--n", "-3", -5, 5)).toBe(-3);
    for (const bad of ["1e3", "0x10", "1.5", "", " 7", "1001", "0"]) {
      expect(() => boundedInteger("map", "--tokens", bad, 1, 1000)).toThrow(`map: --tokens must be an integer from 1 to 1000 (got ${JSON.stringify(bad)})`);
    }
  });
});

describe("user files: readUserText, readJsonFile, outputFile, outputFolder, writeOutput, userFileError", () => {
  const dir = mkdtempSync(join(tmpdir(), "wb-command-files-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads a regular file under its kind's cap; refuses a folder, a device and an oversized file naming the option", () => {
    writeFileSync(join(dir, "ok.json"), '{"a":1}');
    expect(readJsonFile("loop", join(dir, "ok.json"), { kind: "session" })).toEqual({ a: 1 });
    expect(() => readUserText("loop", dir, { kind: "session" })).toThrow(new UsageError(`loop: ${dir} must be a regular file, not a folder`));
    expect(() => readUserText("loop", "/dev/zero", { kind: "recording", option: "--replay" })).toThrow(
      new UsageError("loop: --replay /dev/zero must be a regular file, not a character device"),
    );
    const big = join(dir, "big.json");
    writeFileSync(big, "");
    truncateSync(big, INPUT_LIMITS.teach + 1);
    expect(() => readUserText("teach", big, { kind: "teach" })).toThrow(`teach: ${big} must be at most 4 MiB (it has ${INPUT_LIMITS.teach + 1} bytes)`);
    expect(() => readUserText("teach", join(dir, "nope.json"), { kind: "teach" })).toThrow(`teach: cannot read ${join(dir, "nope.json")} (ENOENT)`);
    expect(inputLimitText("recording")).toBe("64 MiB");
    expect(Object.isFrozen(INPUT_LIMITS)).toBe(true);
  });

  it("an output file or folder is checked before the work and written only as a regular file", () => {
    const out = outputFile("grade", "--json", join(dir, "r.json"));
    writeOutput("grade", "--json", { path: out, text: "{}\n" });
    expect(readFileSync(out, "utf8")).toBe("{}\n");
    expect(() => outputFile("grade", "--json", "/dev/null")).toThrow(new UsageError("grade: --json /dev/null must be a regular file or a new file's name, not a character device"));
    expect(() => outputFolder("release", "OUT", "/dev/null")).toThrow(new UsageError("release: OUT /dev/null must be a folder or a new folder's name, not a character device"));
    expect(outputFolder("release", "OUT", dir)).toBe(dir);
    expect(() => writeOutput("grade", "--junit", { path: "/dev/full", text: "x" })).toThrow(/^grade: --junit \/dev\/full must be a regular file/);
  });

  it("userFileError leaves other errors as they are", () => {
    const other = new Error("x");
    expect(userFileError("map", "p", other)).toBe(other);
    const notFiles = new WorkbenchInputError("teachingRepoMap", "files", "must be an array");
    expect(userFileError("teach", "p", notFiles)).toBe(notFiles);
  });
});

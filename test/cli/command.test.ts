/** lib/cli/command.ts: the pieces every command parses its arguments with — each bad argument one UsageError line. */
import { describe, expect, it } from "vitest";
import { boundedInteger, parseCommandArgs, rejectPositionals, UsageError } from "../../lib/cli/command.js";

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

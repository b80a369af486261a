import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { functionBodies, isAnswerBody, isStubBody } from "../../../lib/grader/class/functions.js";
import { listExercises } from "../../../lib/grader/catalog.js";
import { stubFromSolution } from "../../../lib/grader/stubs.js";
import { shapeTokens } from "../../../lib/grader/class/tokens.js";

const ROOT = join(__dirname, "..", "..", "..");

describe("functionBodies", () => {
  const text = [
    "import { x } from 'y';",
    "/** doc */",
    "export function f(a: number): number {",
    "  return a + 1;",
    "}",
    "function helper() { return 2 * 3; }",
    "export const g = (s: string) => s.length * 2;",
    "export const h = function (n: number) { while (n > 0) n--; return n; };",
    "export const value = 3;",
    "export interface I { a: number }",
  ].join("\n");

  it("takes the exported functions of an exercise file, with their lines and body tokens only", () => {
    const got = functionBodies(text, "exported");
    expect(got.map((b) => [b.name, b.fromLine, b.toLine])).toEqual([["f", 3, 5], ["g", 7, 7], ["h", 8, 8]]);
    expect(got[0]!.tokens.map((t) => t.shape).join(" ")).toBe("return ID + LIT ;");
    expect(got[1]!.tokens.map((t) => t.shape).join(" ")).toBe("ID . ID * LIT");
  });

  it("takes the first function of a name only, and nothing after the point where a file stops being TypeScript", () => {
    const repeated = "export function f(a: number) { return a + 1; }\n".repeat(500);
    expect(functionBodies(repeated, "exported").map((b) => [b.name, b.fromLine])).toEqual([["f", 1]]);
    const broken = "export function g() { return 1 + 2; }\n" + "export function f( {{{{ ((( not typescript ]]]\n".repeat(500) + "export function h() { return 1; }\n";
    expect(functionBodies(broken, "exported").map((b) => b.name)).toEqual(["g"]);
  });

  it("finds arrows and function expressions with type annotations, generics and object return types", () => {
    const text = [
      "export const a = async <T,>(xs: T[]): Promise<{ n: number }> => { return { n: xs.length }; };",
      "export const b: (s: string) => number = (s) => s.length",
      "export function c<K extends string>(k: K): { [key: string]: K } | null { return null; }",
      "export const d = x => x * 2;",
      "export let e = function* named() { yield 1; };",
      "const hidden = () => 1;",
    ].join("\n");
    const got = functionBodies(text, "exported");
    expect(got.map((f) => [f.name, f.fromLine, f.toLine, f.tokens.map((t) => t.shape).join(" ")])).toEqual([
      ["a", 1, 1, "return { ID : ID . ID } ;"],
      ["b", 2, 2, "ID . ID"],
      ["c", 3, 3, "return null ;"],
      ["d", 4, 4, "ID * LIT"],
      ["e", 5, 5, "yield LIT ;"],
    ]);
    expect(functionBodies(text, "top-level").map((f) => f.name)).toEqual(["a", "b", "c", "d", "e", "hidden"]);
  });

  it("takes every top-level function of a lib file", () => {
    expect(functionBodies(text, "top-level").map((b) => b.name)).toEqual(["f", "helper", "g", "h"]);
  });

  it("marks every function of every generated stub as the stub, and no function of a solution", () => {
    let stubs = 0;
    for (const e of listExercises(ROOT)) {
      for (const file of e.files) {
        const solution = readFileSync(join(e.solutionDir!, file), "utf8");
        const stub = functionBodies(stubFromSolution(solution, e.number), "exported");
        expect(stub.length).toBeGreaterThan(0);
        for (const b of stub) expect(b.stub, `${e.id} ${b.name}`).toBe(true);
        stubs += stub.length;
        for (const b of functionBodies(solution, "exported")) expect(b.stub, `${e.id} ${b.name}`).toBe(false);
      }
    }
    expect(stubs).toBeGreaterThanOrEqual(20);
  });

  it("does not take a started function for the stub", () => {
    const body = (s: string) => shapeTokens(s);
    expect(isStubBody(body('throw new Error("not implemented: f");'))).toBe(true);
    expect(isStubBody(body('throw new Error("not implemented: f")'))).toBe(true);
    expect(isStubBody(body('const a = 1; throw new Error("not implemented: f");'))).toBe(false);
    expect(isStubBody(body('throw new Error("not done yet");'))).toBe(false);
    expect(isStubBody(body('throw new TypeError("not implemented: f");'))).toBe(false);
  });

  it("recognises a body that only returns data as a hand answer", () => {
    const body = (s: string) => shapeTokens(s);
    expect(isAnswerBody(body('return { a: "perfect", b: [1, -2], c: null }; // why'))).toBe(true);
    expect(isAnswerBody(body("return { a: f(1) };"))).toBe(false);
    expect(isAnswerBody(body("return a + b;"))).toBe(false);
    expect(isAnswerBody(body("if (x) return 1; return 2;"))).toBe(false);
  });
});

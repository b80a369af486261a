/**
 * A trusted reference for `lib/core/difflib.ts`: CPython's own `difflib`, run with python3 on a batch of inputs in
 * one process. Strings go over as JSON strings (Python indexes them by code point), line lists as JSON arrays.
 */
import { execFileSync } from "node:child_process";

export type DifflibCall =
  | { fn: "matcher"; a: string | string[]; b: string | string[]; autojunk: boolean }
  | { fn: "close"; word: string; possibilities: string[]; n: number; cutoff: number };

export type DifflibOutcome =
  | { ratio: number; quick: number; real_quick: number; blocks: [number, number, number][]; longest: [number, number, number] }
  | { matches: string[] };

const PROGRAM = `
import json, sys
from difflib import SequenceMatcher, get_close_matches
out = []
for c in json.load(sys.stdin):
    if c["fn"] == "matcher":
        s = SequenceMatcher(None, c["a"], c["b"], autojunk=c["autojunk"])
        out.append({"ratio": s.ratio(), "quick": s.quick_ratio(), "real_quick": s.real_quick_ratio(),
                    "blocks": [list(m) for m in s.get_matching_blocks()],
                    "longest": list(s.find_longest_match(0, len(c["a"]), 0, len(c["b"])))})
    else:
        out.append({"matches": get_close_matches(c["word"], c["possibilities"], c["n"], c["cutoff"])})
json.dump(out, sys.stdout)
`;

/** Runs the calls through python3's difflib; throws if python3 fails. */
export function runPythonDifflib(calls: DifflibCall[]): DifflibOutcome[] {
  const out = execFileSync("python3", ["-c", PROGRAM], { input: JSON.stringify(calls), maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(out.toString("utf8")) as DifflibOutcome[];
}

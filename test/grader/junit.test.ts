/**
 * The grade as JUnit XML: escaping (markup, quotes, characters XML 1.0 cannot carry), one suite per exercise and
 * one case per test with its points, failures with their first line as the message, an exercise that could not
 * run as an `<error>`, a named mistake as a property, and the provenance on `<testsuites>` and every suite. The
 * document is read back by Python's XML parser, so "well-formed" is checked by someone else's parser.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { toJunitXml, xmlEscape } from "../../lib/grader/junit.js";
import type { ReportProvenance } from "../../lib/grader/provenance.js";
import { gradeReport, type ExerciseResult, type GradeReport, type TestResult } from "../../lib/grader/results.js";

interface XmlNode {
  tag: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** The document as Python's ElementTree reads it (a parse error fails the test with Python's message). */
function parsed(xml: string): XmlNode {
  const py = spawnSync(
    "python3",
    [
      "-c",
      `import sys, json, xml.etree.ElementTree as ET
def node(e): return {"tag": e.tag, "attrs": dict(e.attrib), "text": e.text or "", "children": [node(c) for c in e]}
print(json.dumps(node(ET.fromstring(sys.stdin.buffer.read()))))`,
    ],
    { input: xml, encoding: "utf8" },
  );
  expect(py.stderr).toBe("");
  return JSON.parse(py.stdout) as XmlNode;
}

const kids = (n: XmlNode, tag: string): XmlNode[] => n.children.filter((c) => c.tag === tag);
const props = (n: XmlNode): Record<string, string> => Object.fromEntries(kids(kids(n, "properties")[0]!, "property").map((p) => [p.attrs.name!, p.attrs.value!]));

const test = (name: string, status: TestResult["status"], points: number, message = "", more: Partial<TestResult> = {}): TestResult => ({
  name, kind: "example", passed: status === "passed", status, points: status === "passed" ? points : 0, maxPoints: points, message, ...more,
});
const exercise = (id: string, tests: TestResult[], error?: string): ExerciseResult => ({
  id, title: id, points: tests.reduce((n, t) => n + t.points, 0), maxPoints: tests.reduce((n, t) => n + t.maxPoints, 0), tests, ...(error ? { error } : {}),
});
const MISTAKE = { id: "01-dangling-dropped", title: "drops <dangling> mass", notebook: "01-pagerank.ipynb#dangling" };

const REPORT: GradeReport = gradeReport("exercises", [
  exercise("01-a", [test("ok", "passed", 2), test(`f <&> "q" 'x'`, "failed", 3, "expected 1 to be 2\nsecond line <b>")]),
  exercise("02-b", [test("loops", "cut-off", 1, "cut off after 5.0 s"), test("named", "failed", 2, "expected 0.8725", { misconception: MISTAKE })]),
  exercise("03-c", [], "its graded tests are missing & <broken>"),
]);

describe("xmlEscape", () => {
  it("escapes the five markup characters and replaces what XML 1.0 cannot carry by U+FFFD", () => {
    expect(xmlEscape(`a<b>&"c"'\u0001`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;&apos;\uFFFD");
    expect(xmlEscape("\u0000\u001b[31m\uFFFE\uFFFF")).toBe("\uFFFD\uFFFD[31m\uFFFD\uFFFD");
    expect(xmlEscape("lone \uD800 surrogate")).toBe("lone \uFFFD surrogate");
  });

  it("keeps tabs, newlines, carriage returns and characters beyond the BMP", () => {
    expect(xmlEscape("a\tb\nc\rd 😀 \u00e9")).toBe("a\tb\nc\rd 😀 \u00e9");
  });

  it("whatever the text, the escaped attribute reads back as the text (control characters aside)", () => {
    const nasty = `"/><script>alert(1)</script><x a='&amp;`;
    const doc = parsed(`<r a="${xmlEscape(nasty)}">${xmlEscape(nasty)}</r>`);
    expect(doc.attrs.a).toBe(nasty);
    expect(doc.text).toBe(nasty);
    expect(doc.children).toEqual([]);
  });
});

describe("toJunitXml", () => {
  const doc = parsed(toJunitXml(REPORT));
  const suites = kids(doc, "testsuite");

  it("counts tests, failures and errors on <testsuites> and per suite (an exercise that could not run is one error)", () => {
    expect(doc.tag).toBe("testsuites");
    expect([doc.attrs.tests, doc.attrs.failures, doc.attrs.errors]).toEqual(["5", "3", "1"]);
    expect(doc.attrs.name).toBe("aider-workbench exercises (exercises)");
    expect(suites.map((s) => [s.attrs.name, s.attrs.tests, s.attrs.failures, s.attrs.errors])).toEqual([["01-a", "2", "1", "0"], ["02-b", "2", "2", "0"], ["03-c", "1", "0", "1"]]);
  });

  it("puts the points on every suite and case as properties", () => {
    expect(suites.map((s) => [props(s).points, props(s).maxPoints])).toEqual([["2", "5"], ["0", "3"], ["0", "0"]]);
    const cases = kids(suites[0]!, "testcase");
    expect(cases.map((c) => [c.attrs.classname, c.attrs.name, props(c).points, props(c).maxPoints])).toEqual([["01-a", "ok", "2", "2"], ["01-a", `f <&> "q" 'x'`, "0", "3"]]);
  });

  it("a failure's message is its first line, its text the whole message; the type is the status (AssertionError for failed)", () => {
    const [passed, failed] = kids(suites[0]!, "testcase");
    expect(kids(passed!, "failure")).toEqual([]);
    const f = kids(failed!, "failure")[0]!;
    expect(f.attrs).toEqual({ message: "expected 1 to be 2", type: "AssertionError" });
    expect(f.text).toBe("expected 1 to be 2\nsecond line <b>");
    expect(kids(kids(suites[1]!, "testcase")[0]!, "failure")[0]!.attrs.type).toBe("cut-off");
  });

  it("a named mistake: its title in the message and the text, its id as a property of that case only", () => {
    const [loops, named] = kids(suites[1]!, "testcase");
    const f = kids(named!, "failure")[0]!;
    expect(f.attrs.message).toBe(`known mistake: ${MISTAKE.title} — expected 0.8725`);
    expect(f.text).toBe(`expected 0.8725\n\nknown mistake: ${MISTAKE.title} (${MISTAKE.id}); read notebooks/${MISTAKE.notebook}`);
    expect(props(named!).misconception).toBe(MISTAKE.id);
    expect(props(loops!).misconception).toBeUndefined();
  });

  it("an exercise that could not be graded is one case holding an <error> with the reason", () => {
    const [c] = kids(suites[2]!, "testcase");
    expect(c!.attrs.name).toBe("(the graded tests)");
    const e = kids(c!, "error")[0]!;
    expect(e.attrs).toEqual({ message: "its graded tests are missing & <broken>", type: "GradingError" });
    expect(e.text).toBe("its graded tests are missing & <broken>");
  });
});

describe("provenance in the JUnit XML (issue 14, item 4)", () => {
  const FULL: ReportProvenance = { student: "a<b>", submissionHash: "sha256:00ff", submissionCommit: "c0ffee", grader: { version: "0.1.0", commit: "abc123" }, seed: 42, timeoutMs: 5000, startedAt: "2026-12-01T10:00:00.123Z", durationMs: 1234 };

  it("puts the timestamp (whole seconds) and time on <testsuites> and who and what on every suite, escaped", () => {
    const doc = parsed(toJunitXml({ ...REPORT, provenance: FULL }));
    expect([doc.attrs.timestamp, doc.attrs.time, doc.attrs.name]).toEqual(["2026-12-01T10:00:00Z", "1.234", "aider-workbench exercises (a<b>: exercises)"]);
    const suites = kids(doc, "testsuite");
    expect(suites).toHaveLength(REPORT.exercises.length);
    for (const s of suites) {
      expect(props(s)).toMatchObject({ student: "a<b>", submissionHash: "sha256:00ff", submissionCommit: "c0ffee", graderVersion: "0.1.0", graderCommit: "abc123", seed: "42", timeoutMs: "5000", startedAt: FULL.startedAt, durationMs: "1234" });
    }
  });

  it("leaves the optional ones out when unknown, and a report without provenance as it was", () => {
    const { student: _s, submissionCommit: _c, ...rest } = FULL;
    const bare = toJunitXml({ ...REPORT, provenance: { ...rest, grader: { version: "0.1.0" } } });
    const p = props(kids(parsed(bare), "testsuite")[0]!);
    expect(Object.keys(p).filter((k) => ["student", "submissionCommit", "graderCommit"].includes(k))).toEqual([]);
    expect(p.submissionHash).toBe("sha256:00ff");
    const none = parsed(toJunitXml(REPORT));
    expect(none.attrs.timestamp).toBeUndefined();
    expect(Object.keys(props(kids(none, "testsuite")[0]!))).toEqual(["points", "maxPoints"]);
  });
});

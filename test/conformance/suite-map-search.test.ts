import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { BUDGET_STUB_LISTING, BUDGET_STUB_PREFIX, countNonSpaceRuns, mapSearchSuite, TOKEN_STUB_MODEL } from "../../lib/conformance/suite-map-search.js";
import { loadGolden, onlyFailure, renameIds, type VectorCase } from "../support/golden.js";

type MapSearchFile = { search_cases: VectorCase[]; repo_map_budget?: VectorCase[]; token_count?: { stub_model: unknown; cases: VectorCase[] } };
const load = () => loadGolden<MapSearchFile>("map_search");
const search = (c: Record<string, unknown>) => ({ search_cases: [{ id: "s", num_tags: 1, max_map_tokens: 100, tokens: [0, 90], expected: { chosen_k: 1, tokens: 90, probes: [0, 1] }, ...c }] });

describe("countNonSpaceRuns: Python's len(re.findall(r'\\S+', text))", () => {
  it("counts maximal runs of non-whitespace", () => {
    expect(countNonSpaceRuns("")).toBe(0);
    expect(countNonSpaceRuns("   \n\t")).toBe(0);
    expect(countNonSpaceRuns("a b  c")).toBe(3);
    expect(countNonSpaceRuns("  def f():\n    return 1\n")).toBe(4);
  });

  it("uses Python's Unicode whitespace, not JavaScript's", () => {
    expect(countNonSpaceRuns("a\u3000b\x1cc")).toBe(3); // ideographic space and the file separator are str.isspace()
    expect(countNonSpaceRuns("a\u200bb\ufeffc")).toBe(1); // zero-width space and BOM are not
  });
});

describe("suite map_search on Aider's golden vectors (map_search.json, `aider/repomap.py` `get_repo_map`, `get_ranked_tags_map`, `token_count`)", () => {
  it("every search, budget and token_count case passes exactly", async () => {
    const file = load();
    const r = await runSuite(mapSearchSuite, file);
    expect(r.outcomes.filter((o) => !o.passed)).toEqual([]);
    expect(r.passed).toBe(file.search_cases.length + file.repo_map_budget!.length + file.token_count!.cases.length);
    expect([file.search_cases.length, file.repo_map_budget!.length, file.token_count!.cases.length]).toEqual([114, 12, 19]);
  });

  it("the stubs the suite runs are the ones the file says its harness used", () => {
    const file = load();
    expect(file.token_count!.stub_model).toBe(TOKEN_STUB_MODEL);
    for (const c of file.repo_map_budget!) expect(String(c.note)).toContain(JSON.stringify(BUDGET_STUB_PREFIX).slice(1, -1));
    expect(file.repo_map_budget!.filter((c) => c.expected_return !== null).every((c) => String(c.expected_return).endsWith(BUDGET_STUB_LISTING))).toBe(true);
  });

  it("ids play no part; a case without an id is named by its section and position", async () => {
    const file = load();
    renameIds([file.search_cases]);
    const r = await runSuite(mapSearchSuite, file);
    expect(r.failed).toBe(0);
    expect(r.outcomes.at(-1)!.id).toBe(`token_count.cases[${file.token_count!.cases.length - 1}]`);
    expect(r.outcomes[file.search_cases.length]!.id).toBe("repo_map_budget[0]");
  });

  it("a wrong chosen prefix fails that search case alone, showing Aider's probes and ours", async () => {
    const file = load();
    const c = file.search_cases.find((x) => (x.expected as { chosen_k: unknown }).chosen_k !== null)!;
    const real = structuredClone(c.expected) as { chosen_k: number };
    (c.expected as { chosen_k: number }).chosen_k = real.chosen_k + 1;
    const o = onlyFailure(await runSuite(mapSearchSuite, file), c.id as string);
    expect(o.expected).toEqual(c.expected);
    expect(o.actual).toEqual(real);
  });

  it("a wrong budget return and a wrong token count each fail their case", async () => {
    const budget = load();
    const at = budget.repo_map_budget!.findIndex((x) => x.expected_return !== null);
    const b = budget.repo_map_budget![at]!;
    const realText = b.expected_return;
    b.expected_return = "PREFIX[]\nsomething else\n";
    expect(onlyFailure(await runSuite(mapSearchSuite, budget), `repo_map_budget[${at}]`).actual).toMatchObject({ return: realText });
    const tokens = load();
    const t = tokens.token_count!.cases[2]!;
    const realCount = t.expected as number;
    t.expected = realCount + 1;
    expect(onlyFailure(await runSuite(mapSearchSuite, tokens), "token_count.cases[2]")).toMatchObject({ expected: realCount + 1, actual: realCount });
  });

  it("the budget and token_count sections are optional", async () => {
    const file = load();
    const r = await runSuite(mapSearchSuite, { search_cases: file.search_cases });
    expect([r.passed, r.failed]).toEqual([file.search_cases.length, 0]);
  });

  it("a malformed search case names the case and the field", async () => {
    await expect(runSuite(mapSearchSuite, search({ tokens: [0] }))).rejects.toThrow('case s: field "tokens" must hold num_tags + 1 = 2 counts (got 1)');
    await expect(runSuite(mapSearchSuite, search({ tokens: [0, "90"] }))).rejects.toThrow('case s: field "tokens[1]" must be a number');
    await expect(runSuite(mapSearchSuite, search({ num_tags: -1 }))).rejects.toThrow('case s: field "num_tags" must be a non-negative integer');
    await expect(runSuite(mapSearchSuite, search({ max_map_tokens: -5 }))).rejects.toThrow('case s: field "maxMapTokens" is not valid input');
    await expect(runSuite(mapSearchSuite, search({}))).resolves.toMatchObject({ suite: "map_search" }); // the base case is well-formed
  });

  it("a token_count section with another stub model, or not an object, is refused", async () => {
    const file = load();
    file.token_count!.stub_model = "len(text) // 4";
    await expect(runSuite(mapSearchSuite, file)).rejects.toThrow(`case (file): field "token_count.stub_model" must be the stub this suite runs: ${TOKEN_STUB_MODEL}`);
    await expect(runSuite(mapSearchSuite, { search_cases: [], token_count: [] })).rejects.toThrow('field "token_count" must be an object with stub_model and cases');
  });
});

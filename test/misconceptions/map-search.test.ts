/**
 * Exercise 03's wrong searches (lib/misconceptions/map-search.ts) on hand-built token counts (`aider/repomap.py` `get_ranked_tags_map`: first
 * probe k = min(⌊M/25⌋, N); keep a probe within budget that beats the best, or any probe with |t − M|/M < 0.15,
 * which ends the search; then lo = k + 1 when t < M, else hi = k − 1, while lo ≤ hi): each variant differs from
 * lib's where its mistake matters and agrees where it does not.
 */
import { describe, expect, it } from "vitest";
import { MAP_SEARCH_MISCONCEPTIONS, MAP_SEARCH_RIGHT } from "../../lib/misconceptions/map-search.js";
import { entry, expectEntries, rightFor } from "./entries.js";

const search = rightFor(MAP_SEARCH_RIGHT, "mapSearch");
const perTag = (n: number) => (k: number) => n * k;
/** The worked example: 20 tokens a tag, budget 1024, 100 tags: probes 40 (800), 70 (1400), 55 (1100: 7 % over). */
const REFERENCE = [100, 1024, perTag(20)] as const;
/** 25 a tag for 1000: the first probe, 40, costs exactly the budget. */
const EXACT_FIRST = [100, 1000, perTag(25)] as const;

describe("mapSearch variants", () => {
  it("the right search on the worked example (20 tokens a tag, budget 1024) takes 55 tags, 1100 tokens", () => {
    expect(search.run(...REFERENCE)).toEqual({ chosenK: 55, tokens: 1100, probes: [40, 70, 55] });
    expect(search.run(...EXACT_FIRST)).toEqual({ chosenK: 40, tokens: 1000, probes: [40] });
  });

  it("03-tolerance-inclusive stops at a probe exactly 15 % over; Aider searches on below it", () => {
    const m = entry(MAP_SEARCH_MISCONCEPTIONS, "03-tolerance-inclusive");
    // k = 4 costs 115 for 100: 15 % over; k < 4 cost 25 a tag
    const args = [10, 100, (k: number) => (k === 4 ? 115 : 25 * k)] as const;
    expect(m.run(...args)).toEqual({ chosenK: 4, tokens: 115, probes: [4] });
    // Aider: 115 is neither close nor within budget → hi = 3; probes 1 (25), 2 (50), 3 (75, best); then lo = 4 > hi
    expect(search.run(...args)).toEqual({ chosenK: 3, tokens: 75, probes: [4, 1, 2, 3] });
    expect(m.run(...REFERENCE)).toEqual(search.run(...REFERENCE));
  });

  it("03-hard-limit refuses 1100 for 1024 and searches on to 47 tags (940); a close probe under budget is the same", () => {
    const m = entry(MAP_SEARCH_MISCONCEPTIONS, "03-hard-limit");
    // after 55: hi = 54, k = ⌊(41 + 54)/2⌋ = 47 → 940, 8 % under
    expect(m.run(...REFERENCE)).toEqual({ chosenK: 47, tokens: 940, probes: [40, 70, 55, 47] });
    expect(m.run(...EXACT_FIRST)).toEqual(search.run(...EXACT_FIRST));
  });

  it("03-bounds-off-by-one never measures k = 1 of one tag (lo = hi = 1): no map, where Aider takes it", () => {
    const m = entry(MAP_SEARCH_MISCONCEPTIONS, "03-bounds-off-by-one");
    const args = [1, 10, perTag(10)] as const;
    expect(search.run(...args)).toEqual({ chosenK: 1, tokens: 10, probes: [0, 1] });
    expect(m.run(...args)).toEqual({ chosenK: null, tokens: null, probes: [0] });
    // a search that ends on a close probe before the bounds meet is the same
    expect(m.run(...REFERENCE)).toEqual(search.run(...REFERENCE));
  });

  it("03-no-early-stop keeps searching after 1100 and ends on 52 tags (1040); where no probe is close it is right", () => {
    const m = entry(MAP_SEARCH_MISCONCEPTIONS, "03-no-early-stop");
    // 55 (1100) → hi 54: 47 (940) → lo 48: 51 (1020) → lo 52: 53 (1060) → hi 52: 52 (1040) → hi 51, end; all close
    expect(m.run(...REFERENCE)).toEqual({ chosenK: 52, tokens: 1040, probes: [40, 70, 55, 47, 51, 53, 52] });
    // 3 tags of 10 for 2: probes 0, 2 (20), 1 (10): none within budget, none close
    const none = [3, 2, perTag(10)] as const;
    expect(m.run(...none)).toEqual(search.run(...none));
    expect(search.run(...none)).toEqual({ chosenK: null, tokens: null, probes: [0, 2, 1] });
  });
});

describe("exercise 03's entries", () => {
  it("are the catalogue's, all for mapSearch", () => {
    expectEntries("03-map-search", MAP_SEARCH_MISCONCEPTIONS, MAP_SEARCH_RIGHT);
  });
});

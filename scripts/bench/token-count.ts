/**
 * Benchmark 3: counting a repo map's tokens exactly (js-tiktoken o200k_base over the whole text) against Aider's
 * sampled estimate (`sampledTokenCount`: every (lines // 100)-th line counted, scaled by length, `aider/repomap.py` `token_count`),
 * on maps of about 1k, 10k and 100k tokens: the time of each and the estimate's error.
 */
import { lib } from "./lib.js";
import type { TokenCounter } from "../../lib/index.js";
import { duration, loadText, repeat, spread, type Series } from "./measure.js";
import { table, type Section } from "./report.js";

/** A map text to count, and where it came from. */
export interface MapText {
  readonly label: string;
  readonly text: string;
}

interface Row {
  label: string;
  lines: number;
  chars: number;
  exactTokens: number;
  estimate: number;
  error: number;
  exact: Series;
  sampled: Series;
}

/** Times both counts on each text; `count` is the o200k_base counter, whose first load took `loadMs`. */
export async function tokenCountSection(
  texts: readonly MapText[],
  source: string,
  count: TokenCounter,
  loadMs: number,
  runs: number,
  log: (l: string) => void,
): Promise<Section> {
  const rows: Row[] = [];
  for (const { label, text } of texts) {
    log(`tokens: ${label}`);
    const exact = await repeat(runs, "auto", () => count(text));
    const sampled = await repeat(runs, "auto", () => lib.sampledTokenCount(text, count));
    rows.push({
      label,
      lines: lib.pystr.splitlines(text, false).length,
      chars: lib.pystr.cpLength(text),
      exactTokens: exact.value,
      estimate: sampled.value,
      error: (sampled.value - exact.value) / exact.value,
      exact: exact.series,
      sampled: sampled.series,
    });
  }
  const blocks = [
    `${source} Exact: js-tiktoken's o200k_base encoding of the whole text. Estimate: Aider's \`token_count\` ` +
      `(\`sampledTokenCount\`), which counts only every (lines // 100)-th line exactly and scales by length. ` +
      `Wall time, median of ${runs} runs [min–max] after warm-up calls. Loading the encoding (once per process): ${duration(loadMs)}.`,
    table(
      ["map", "lines", "characters", "exact tokens", "exact count", "sampled estimate", "estimate time", "speed-up", "estimate error", "load"],
      rows.map((r) => [
        r.label,
        String(r.lines),
        String(r.chars),
        String(r.exactTokens),
        spread(r.exact),
        r.estimate.toFixed(1),
        spread(r.sampled),
        `${(r.exact.median / r.sampled.median).toFixed(0)}×`,
        `${r.error >= 0 ? "+" : ""}${(r.error * 100).toFixed(1)} %`,
        loadText(r.exact),
      ]),
    ),
  ];
  return { title: "3. Token counting: exact against Aider's sampled estimate", blocks, data: { loadMs, rows } };
}

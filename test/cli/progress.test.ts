import { describe, expect, it } from "vitest";
import { progressBar, progressLine } from "../../lib/cli/progress.js";

const capture = (isTTY: boolean) => {
  let err = "";
  return { io: { stdout: () => {}, stderr: (t: string) => void (err += t), isTTY }, text: () => err };
};

describe("progress bar", () => {
  it("draws label, bar and counts", () => {
    expect(progressLine("scan", { done: 5, total: 10 }, 10)).toBe("scan [#####.....] 5/10");
    expect(progressLine("scan", { done: 0, total: 0 }, 4)).toBe("scan [####] 0/0");
  });

  it("draws on a TTY for a big job, throttled, always the last step, and erases itself", () => {
    const c = capture(true);
    let t = 0;
    const bar = progressBar(c.io, "scan", { minTotal: 3, intervalMs: 100, width: 4, now: () => t });
    bar.update(1, 4);
    t = 50;
    bar.update(2, 4); // throttled
    t = 200;
    bar.update(3, 4);
    bar.update(4, 4); // the last step is always drawn
    bar.finish();
    expect(c.text()).toBe("\rscan [#...] 1/4\rscan [###.] 3/4\rscan [####] 4/4\r\x1b[2K");
  });

  it("draws nothing when stderr is not a terminal or the job is small", () => {
    const piped = capture(false);
    const small = capture(true);
    for (const [c, total] of [[piped, 1000], [small, 10]] as const) {
      const bar = progressBar(c.io, "scan", { minTotal: 300 });
      for (let i = 1; i <= total; i++) bar.update(i, total);
      bar.finish();
      expect(c.text()).toBe("");
    }
  });
});

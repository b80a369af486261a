import { describe, expect, it } from "vitest";
import { display, newDisplay, setDisplaySink } from "../../../../lib/notebooks/static/browser/tslab-shim.js";

describe("the browser runtime's tslab module", () => {
  it("hands each display to the sink with its MIME type; a newDisplay updates its own output", () => {
    const seen: unknown[] = [];
    setDisplaySink((data, id, update) => seen.push({ data, id, update }));
    display.html("<b>x</b>");
    display.svg("<svg/>");
    display.text("t");
    const d = newDisplay();
    d.markdown("first");
    d.markdown("second");
    expect(seen).toEqual([
      { data: { "text/html": "<b>x</b>" }, id: null, update: false },
      { data: { "image/svg+xml": "<svg/>" }, id: null, update: false },
      { data: { "text/plain": "t" }, id: null, update: false },
      { data: { "text/markdown": "first" }, id: "display-1", update: false },
      { data: { "text/markdown": "second" }, id: "display-1", update: true },
    ]);
  });
});

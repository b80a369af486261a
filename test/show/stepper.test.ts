/**
 * The script-free stepper, read back from its HTML: a radio button, a label and a frame per frame, the start
 * checked, CSS that shows the checked frame, ids from the content (stable, and distinct for different frames),
 * escaped labels and caption, the optional slider, and the arguments' checks.
 */
import { describe, expect, it } from "vitest";
import { stepper } from "../../lib/show/stepper.js";

const two = [{ label: "a", html: "<svg>1</svg>" }, { label: "b", html: "<svg>2</svg>" }];
const idOf = (html: string) => /^<div class="wb-stepper" id="(wbs-[0-9a-f]{8})">/.exec(html)![1]!;

describe("stepper", () => {
  it("one radio button and one frame per frame, the start checked, ids from the content", () => {
    const html = stepper(two, { start: 1 });
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html.match(/class="wbs-frame"/g)).toHaveLength(2);
    expect(html).toMatch(/value="1" checked/);
    expect(html.match(/ checked/g)).toHaveLength(1);
    expect(stepper([{ label: "a", html: "x" }])).not.toBe(stepper([{ label: "a", html: "y" }]));
    expect(() => stepper([])).toThrow(/stepper: frames must hold a frame/);
    expect(() => stepper([{ label: "a", html: "x" }], { start: 1 })).toThrow(/options\.start must be below/);
  });

  it("ties each label to its radio and each radio to the frame the CSS shows, under one id for the whole", () => {
    const html = stepper(two);
    const id = idOf(html);
    expect(idOf(stepper(two))).toBe(id);
    for (const i of [0, 1]) {
      expect(html).toContain(`<input type="radio" name="${id}" id="${id}-${i}" value="${i}"`);
      expect(html).toContain(`<label for="${id}-${i}">${two[i]!.label}</label>`);
      expect(html).toContain(`#${id}:has(input[value="${i}"]:checked) .wbs-frame[data-frame="${i}"]{display:block}`);
      expect(html).toContain(`<div class="wbs-frame" data-frame="${i}">${two[i]!.html}</div>`);
    }
    expect(html).toMatch(/value="0" checked/); // the default start
    // the labels count: the same frames under other labels are another stepper
    expect(idOf(stepper([{ ...two[0]!, label: "z" }, two[1]!]))).not.toBe(id);
  });

  it("has a slider that moves the radios, unless asked not to; a caption when given", () => {
    const html = stepper(two, { start: 1, caption: "steps" });
    expect(html).toMatch(/<input type="range" min="0" max="1" value="1"/);
    expect(html).toContain(`document.getElementById('${idOf(html)}-'+this.value)`);
    expect(html).toContain(">steps</div>");
    const plain = stepper(two, { slider: false });
    expect(plain).not.toContain('type="range"');
    expect(plain).not.toContain("oninput");
  });

  it("escapes < & \" in labels and the caption; the frames are put in as the HTML they are", () => {
    const html = stepper([{ label: 'r<1> & "x"', html: "<b>kept</b>" }], { caption: "a<b&c" });
    expect(html).toContain("<label for=");
    expect(html).toContain(">r&lt;1&gt; &amp; &quot;x&quot;</label>");
    expect(html).toContain(">a&lt;b&amp;c</div>");
    expect(html).toContain("<b>kept</b>");
  });

  it("checks every frame and the start, naming them", () => {
    expect(() => stepper("x" as never)).toThrow(/^stepper: frames /);
    expect(() => stepper([{ label: "a", html: "x" }, { label: 2, html: "y" } as never])).toThrow(/^stepper: frames\[1\]\.label/);
    expect(() => stepper([{ label: "a" } as never])).toThrow(/^stepper: frames\[0\]\.html/);
    expect(() => stepper(two, { start: -1 })).toThrow(/^stepper: options\.start must be a non-negative integer/);
    expect(() => stepper(two, { start: 0.5 })).toThrow(/^stepper: options\.start/);
    expect(() => stepper(two, { start: 2 })).toThrow(/^stepper: options\.start must be below the number of frames \(2\)/);
  });
});

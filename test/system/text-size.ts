/**
 * How large a picture's text really is on a page: for every element inside an <svg> that holds text of its own,
 * its computed font size times the factor the SVG is scaled by (rendered width / viewBox width). Used by the
 * diagram and notebook-page tests to hold every picture to 12 px at the page's width (issue 17, item 6).
 */
import type { Page } from "puppeteer-core";

/** The width of a notebook page's output column in `npm start`'s pages (60em main − prompt column − padding). */
export const PAGE_WIDTH = 800;
export const MIN_TEXT_PX = 12;

export interface SmallText {
  text: string;
  px: number;
}

/** The texts inside the page's SVGs rendered smaller than `min` px (empty when all are large enough). */
export async function smallSvgText(page: Page, min: number = MIN_TEXT_PX): Promise<SmallText[]> {
  return page.evaluate((min: number) => {
    const out: { text: string; px: number }[] = [];
    for (const svg of Array.from(document.querySelectorAll("svg"))) {
      const box = svg.getBoundingClientRect();
      if (box.width === 0) continue; // not shown (a hidden frame)
      const vb = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.viewBox.baseVal.width : box.width;
      const scale = box.width / vb;
      for (const el of Array.from(svg.querySelectorAll("*"))) {
        const own = Array.from(el.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent ?? "").join("").trim();
        if (!own || el.closest("style, title, defs")) continue;
        if (el.closest("svg") !== svg) continue; // counted with its own (nested) svg
        const r = (el as Element).getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const px = parseFloat(getComputedStyle(el as Element).fontSize) * scale;
        if (px < min - 0.05) out.push({ text: own.slice(0, 60), px: Math.round(px * 10) / 10 });
      }
    }
    return out;
  }, min);
}

/**
 * The diagram labels whose text is wider than the box mermaid laid out for it (a `foreignObject`): words a viewer
 * would see cut off ("Generat…") when the fonts here differ from the ones the SVG was laid out with.
 */
export async function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("foreignObject")).flatMap((fo) => {
      const width = fo.width.baseVal.value;
      const label = fo.firstElementChild as HTMLElement | null;
      if (!label || width === 0) return [];
      const needed = Math.max(label.scrollWidth, ...Array.from(label.querySelectorAll("*")).map((e) => (e as HTMLElement).scrollWidth));
      return needed > width + 0.5 ? [`"${(label.textContent ?? "").trim().slice(0, 40)}" needs ${needed} px, has ${width.toFixed(1)}`] : [];
    }),
  );
}

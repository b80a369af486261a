/// <reference lib="dom" />
/**
 * The `tslab` module as cells see it in the browser runtime: `display.html/svg/text/…` and `newDisplay()`, with
 * tslab's own names (tslab `public.ts`), handing each display to the worker's output sink.
 */
export type DisplaySink = (data: Record<string, string>, displayId: string | null, update: boolean) => void;

let sink: DisplaySink = () => {};
let counter = 0;

/** Where displays go (the worker sets it once). */
export function setDisplaySink(next: DisplaySink): void {
  sink = next;
}

class Display {
  constructor(private readonly id: string | null) {}
  private raw(mime: string, value: string): void {
    sink({ [mime]: value }, this.id, this.id !== null && shown.has(this.id));
    if (this.id !== null) shown.add(this.id);
  }
  html(s: string): void {
    this.raw("text/html", s);
  }
  svg(s: string): void {
    this.raw("image/svg+xml", s);
  }
  text(s: string): void {
    this.raw("text/plain", s);
  }
  markdown(s: string): void {
    this.raw("text/markdown", s);
  }
  latex(s: string): void {
    this.raw("text/latex", s);
  }
  javascript(s: string): void {
    this.raw("text/javascript", s);
  }
}
const shown = new Set<string>();

export const display = new Display(null);
export function newDisplay(): Display {
  return new Display(`display-${++counter}`);
}
export const versions = { tslab: "browser runtime of aider-workbench", typescript: "", node: "" };

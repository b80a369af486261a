/**
 * Reading the SVG text of lib/show's pictures in tests: the elements by tag and class, numeric attributes, the
 * text a reader sees, ids and the `url(#id)` references, and a well-formedness check (tags balanced, text and
 * attribute values escaped) that a stray `<`, `&` or `"` from the input would fail.
 */

/** A numeric attribute of one element's text (NaN when missing). */
export function attrNum(element: string, name: string): number {
  const m = new RegExp(`\\s${name}="([-\\d.eE+]+)"`).exec(element);
  return m ? Number(m[1]) : Number.NaN;
}

/** The node circles of a graph picture: name, radius, whether drawn as the dashed zero ring, centre. */
export function svgNodes(svg: string): { name: string; r: number; zero: boolean; x: number; y: number }[] {
  return [...svg.matchAll(/<circle class="node[^"]*" data-node="([^"]*)"[^>]*>/g)].map((m) => ({
    name: unescapeXml(m[1]!),
    r: attrNum(m[0], "r"),
    zero: m[0].includes('class="node zero"'),
    x: attrNum(m[0], "cx"),
    y: attrNum(m[0], "cy"),
  }));
}

/** The arrows of a graph picture: ends, summed weight, drawn width, whether it has an arrowhead. */
export function svgEdges(svg: string): { src: string; dst: string; w: number; width: number; arrow: boolean }[] {
  return [...svg.matchAll(/<path class="edge"[^>]*>/g)].map((m) => ({
    src: unescapeXml(/data-src="([^"]*)"/.exec(m[0])![1]!),
    dst: unescapeXml(/data-dst="([^"]*)"/.exec(m[0])![1]!),
    w: attrNum(m[0], "data-weight"),
    width: attrNum(m[0], "stroke-width"),
    arrow: m[0].includes("marker-end="),
  }));
}

/** The contents of every <text> element, unescaped. */
export function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => unescapeXml(m[1]!));
}

/** Every id="…" defined, in order. */
export function svgIds(svg: string): string[] {
  return [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
}

/** Every id named by url(#…). */
export function svgRefs(svg: string): string[] {
  return [...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]!);
}

function unescapeXml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!);
}

const ENTITY = /&(?:amp|lt|gt|quot|#39|#\d+|#x[\da-fA-F]+);/g;

/**
 * The problems that make `svg` not well-formed XML of the shapes the pictures write: unbalanced tags, a raw `<`
 * or `&` in text, an attribute value with a raw `<`, `&` or `"`. Empty when it is fine.
 */
export function xmlProblems(svg: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g;
  let at = 0;
  for (const m of svg.matchAll(tag)) {
    const between = svg.slice(at, m.index);
    if (/[<>]/.test(between) || /&/.test(between.replace(ENTITY, ""))) problems.push(`bad text ${JSON.stringify(between.slice(0, 60))}`);
    for (const a of m[3]!.matchAll(/="([^"]*)"/g)) if (/[<]/.test(a[1]!) || /&/.test(a[1]!.replace(ENTITY, ""))) problems.push(`bad attribute value ${JSON.stringify(a[1])}`);
    const [, close, name, , self] = m;
    if (close) {
      if (open.pop() !== name) problems.push(`</${name!}> closes nothing open`);
    } else if (!self) open.push(name!);
    at = m.index + m[0].length;
  }
  if (/[<>]/.test(svg.slice(at))) problems.push("a tag that does not parse (an unescaped quote in an attribute?)");
  if (open.length > 0) problems.push(`unclosed ${open.join(", ")}`);
  return problems;
}

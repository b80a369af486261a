/**
 * A strict reader of the markup lib/show writes (SVG, and its HTML tables and panels), for structural tests: it
 * parses the text into elements and fails on what a browser's XML parser would reject — an unclosed or mismatched
 * tag, a raw `<` or a bare `&` in text or in an attribute value, an unquoted or repeated attribute.
 */

export interface MarkupElement {
  name: string;
  attrs: Readonly<Record<string, string>>;
  children: MarkupNode[];
}
export type MarkupNode = MarkupElement | string;

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes the entities of a text or attribute value; a `&` that starts none, or a raw `<`, throws. */
function decode(raw: string, where: string): string {
  if (raw.includes("<")) throw new Error(`raw "<" in ${where}: ${JSON.stringify(raw.slice(0, 80))}`);
  return raw.replace(/&([^;\s&]*);?/g, (whole, body: string) => {
    if (!whole.endsWith(";")) throw new Error(`bare "&" in ${where}: ${JSON.stringify(raw.slice(0, 80))}`);
    if (body in ENTITIES) return ENTITIES[body]!;
    const m = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(body);
    if (!m) throw new Error(`unknown entity &${body}; in ${where}`);
    return String.fromCodePoint(m[1]!.startsWith("x") ? parseInt(m[1]!.slice(1), 16) : Number(m[1]));
  });
}

const TAG = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[^\s=/>]+\s*=\s*"[^"]*")*)\s*(\/?)>/y;
const ATTR = /\s+([^\s=/>]+)\s*=\s*"([^"]*)"/g;

/** The markup's top-level nodes under a "#root" element; throws on anything not well-formed. */
export function parseMarkup(text: string): MarkupElement {
  const root: MarkupElement = { name: "#root", attrs: {}, children: [] };
  const stack: MarkupElement[] = [root];
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const end = lt === -1 ? text.length : lt;
    if (end > i) stack[stack.length - 1]!.children.push(decode(text.slice(i, end), "text"));
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(text);
    if (!m) throw new Error(`malformed tag at ${lt}: ${JSON.stringify(text.slice(lt, lt + 60))}`);
    const [whole, closing, name, attrText, selfClosing] = m as unknown as [string, string, string, string, string];
    if (closing) {
      const open = stack.pop();
      if (!open || open === root || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? "nothing"}>`);
    } else {
      const attrs: Record<string, string> = {};
      for (const a of attrText.matchAll(ATTR)) {
        if (Object.hasOwn(attrs, a[1]!)) throw new Error(`attribute ${a[1]} repeated on <${name}>`);
        attrs[a[1]!] = decode(a[2]!, `${name}@${a[1]}`);
      }
      const el: MarkupElement = { name, attrs, children: [] };
      stack[stack.length - 1]!.children.push(el);
      if (!selfClosing) stack.push(el);
    }
    i = lt + whole.length;
  }
  if (stack.length > 1) throw new Error(`<${stack[stack.length - 1]!.name}> is never closed`);
  return root;
}

/** Every element under `node` (depth first, document order) that `pred` accepts. */
export function elements(node: MarkupElement, pred: (el: MarkupElement) => boolean = () => true): MarkupElement[] {
  const out: MarkupElement[] = [];
  const walk = (el: MarkupElement) => {
    for (const c of el.children) {
      if (typeof c === "string") continue;
      if (pred(c)) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/** The decoded text inside an element, its descendants' included. */
export function textOf(node: MarkupElement): string {
  return node.children.map((c) => (typeof c === "string" ? c : textOf(c))).join("");
}

/** The one `<svg>` element of a picture (throws unless the markup is exactly one svg, whitespace around allowed). */
export function svgRoot(markup: string): MarkupElement {
  const root = parseMarkup(markup);
  const els = root.children.filter((c): c is MarkupElement => typeof c !== "string");
  if (els.length !== 1 || els[0]!.name !== "svg" || root.children.some((c) => typeof c === "string" && c.trim() !== "")) {
    throw new Error("expected exactly one <svg> element");
  }
  return els[0]!;
}

/** Elements whose class list holds `cls`. */
export const byClass = (node: MarkupElement, cls: string): MarkupElement[] => elements(node, (el) => (el.attrs.class ?? "").split(/\s+/).includes(cls));

/** Elements of one tag name. */
export const byName = (node: MarkupElement, name: string): MarkupElement[] => elements(node, (el) => el.name === name);

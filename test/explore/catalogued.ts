/**
 * What every law file's mirror checks about its list of laws: ids "<mechanism>/…", unique, each with a statement and
 * a lesson, and each listed by the catalogue under its id (token laws only once a counter is given).
 */
import { expect } from "vitest";
import { exploreLaws, findLaw } from "../../lib/explore/catalogue.js";
import type { AnyLaw, Mechanism } from "../../lib/explore/law.js";

/** `laws` are `mechanism`'s, well named, and the very objects the catalogue returns for their ids. */
export function expectCatalogued(laws: readonly AnyLaw[], mechanism: Mechanism, withCounter = false): void {
  const count = withCounter ? () => 0 : undefined;
  expect(new Set(laws.map((l) => l.id)).size).toBe(laws.length);
  for (const l of laws) {
    expect(l.mechanism, l.id).toBe(mechanism);
    expect(l.id.startsWith(`${mechanism}/`), l.id).toBe(true);
    expect(l.statement.length, l.id).toBeGreaterThan(20);
    expect(l.lesson.length, l.id).toBeGreaterThan(20);
    expect(["holds", "fails"]).toContain(l.verdict);
    if (!withCounter) expect(findLaw(l.id), l.id).toBe(l);
  }
  const listed = exploreLaws(count).filter((l) => l.mechanism === mechanism);
  if (withCounter) expect(listed.map((l) => l.id)).toEqual(laws.map((l) => l.id));
  else expect(laws.every((l) => listed.includes(l))).toBe(true);
}

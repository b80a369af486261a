/**
 * What the git host held when `collect` looked: a commit's date is the student's to set (`GIT_COMMITTER_DATE`),
 * but the times collect fetched a mirror are the instructor's clock. Each mirror keeps its sightings — a HEAD commit
 * and the first and last time collect saw it there — in SIGHTINGS_FILE; a commit that was not on the host when
 * collect last looked before it appeared was pushed after that time, whatever its date says (`pushedAfter`).
 * So a collect run at the deadline (from cron, say) makes every commit pushed later count as late.
 */

/** The file, inside a bare mirror, that lists its sightings (git ignores files it does not know there). */
export const SIGHTINGS_FILE = "workbench-sightings.tsv";

export interface Sighting {
  /** The commit HEAD named (40 or 64 hex digits). */
  head: string;
  /**
   * When collect first and last saw HEAD name it: the time each look began, seconds since the epoch (this machine's
   * clock) — so a commit missing from a look was pushed after that time.
   */
  first: number;
  last: number;
}

const LINE = /^(\d+)\t(\d+)\t([0-9a-f]{40}|[0-9a-f]{64})$/;

/** The sightings in a SIGHTINGS_FILE's text, oldest first; lines not of the form `first<TAB>last<TAB>sha` are skipped. */
export function parseSightings(text: string): Sighting[] {
  const out: Sighting[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    if (m && Number(m[1]) <= Number(m[2])) out.push({ first: Number(m[1]), last: Number(m[2]), head: m[3]! });
  }
  return out;
}

/** The file's text after seeing `head` at `now`: the last line's `last` moved on when HEAD is unchanged, else a new line. */
export function recordSighting(text: string, sighting: { head: string; now: number }): string {
  const { head, now } = sighting;
  if (!LINE.test(`0\t0\t${head}`)) throw new Error(`recordSighting: head must be a commit id of 40 or 64 hex digits (got ${JSON.stringify(head)})`);
  if (!Number.isInteger(now) || now < 0) throw new Error(`recordSighting: now must be a whole number of seconds ≥ 0 (got ${now})`);
  const seen = parseSightings(text);
  const last = seen.at(-1);
  if (last && last.head === head) last.last = Math.max(last.last, now);
  else seen.push({ head, first: now, last: now });
  return seen.map((s) => `${s.first}\t${s.last}\t${s.head}\n`).join("");
}

/**
 * The time after which `commit` reached the host: the last time collect saw a HEAD without it, just before the first
 * sighting whose HEAD has it (`contains(head)`: whether that HEAD's history holds the commit, or null when the host
 * no longer has that HEAD). Null when the first sighting already had it, or none did: then only its date is known.
 */
export function pushedAfter(sightings: readonly Sighting[], contains: (head: string) => boolean | null): number | null {
  let lastWithout: number | null = null;
  for (const s of sightings) {
    const has = contains(s.head);
    if (has === true) return lastWithout;
    if (has === false) lastWithout = s.last;
  }
  return null;
}

/**
 * The shape of a misconception: a known wrong variant of one function a student writes in an exercise, beside
 * the right answer (lib's own implementation, composed), with where the project explains the mistake.
 */

/** A notebook section that explains the mistake: the file under notebooks/ and a heading it contains. */
export interface NotebookSection {
  readonly file: string;
  readonly section: string;
}

/** One known wrong variant of `fn` (a function the student writes) in exercise `exercise`. */
export interface Misconception {
  /** Stable id, `<exercise number>-<slug>`, e.g. "01-dangling-dropped". */
  readonly id: string;
  /** The exercise folder name, e.g. "01-pagerank". */
  readonly exercise: string;
  /** The student's function this variant stands in for, e.g. "pageRankStep". */
  readonly fn: string;
  /** One line: what the student did. */
  readonly title: string;
  /** What the code does and why it is wrong. */
  readonly explanation: string;
  readonly notebook: NotebookSection;
  /** The seed section, or Aider's file and function at 5dc9490, that states the right rule. */
  readonly seed: string;
  /**
   * The variant itself, called with the same arguments as the student's `fn` — and, when `fromExpected` is set,
   * the right answer appended as one more argument (the variant is then that answer with the mistake applied).
   */
  readonly run: (...args: readonly unknown[]) => unknown;
  /** True for a variant derived from the right answer: it matches only calls that carry `expected`. */
  readonly fromExpected?: boolean;
}

/** The right answer for one function of an exercise, and how its outputs are compared. */
export interface RightAnswer {
  readonly exercise: string;
  readonly fn: string;
  /** lib's implementation, adapted to the student's signature and return shape. */
  readonly run: (...args: readonly unknown[]) => unknown;
  /** Numbers are equal when within this absolute tolerance (what the graded tests allow); 0 = exact. */
  readonly tolerance: number;
}

/** Builds a typed entry without `any`: `run` is written against the real argument types. */
export function misconception<A extends readonly unknown[]>(
  entry: Omit<Misconception, "run"> & { readonly run: (...args: A) => unknown },
): Misconception {
  return Object.freeze({ ...entry, run: entry.run as unknown as Misconception["run"] });
}

/** Builds a typed right answer. */
export function rightAnswer<A extends readonly unknown[]>(
  entry: Omit<RightAnswer, "run"> & { readonly run: (...args: A) => unknown },
): RightAnswer {
  return Object.freeze({ ...entry, run: entry.run as unknown as RightAnswer["run"] });
}

/** What a learner reads of one misconception. */
export interface MisconceptionText {
  readonly title: string;
  readonly explanation: string;
}

/** A translation, and `en`: the hash of the English title and explanation it translates (translations.ts). */
export interface Translation extends MisconceptionText {
  readonly en: string;
}

/**
 * The grade report's JSON in the learner's language: stable English ids and texts stay, the localised text goes
 * beside them, so a tool reading `misconception.id` or `title` sees the same report whatever the language.
 */
import type { Lang } from "../core/lang.js";
import { localizedMisconception, type MisconceptionReport } from "./misconception.js";
import type { GradeReport } from "./results.js";

/** A named mistake in a JSON report in another language: the stable English fields, the localised text beside them. */
export interface LocalizedMisconceptionReport extends MisconceptionReport {
  lang: Lang;
  titleLocalized: string;
  explanationLocalized: string;
}

/**
 * The report as JSON shows it in `lang`: unchanged in English; otherwise each named mistake keeps its English `id`,
 * `title` and `notebook` and gains `lang`, `titleLocalized` and `explanationLocalized`. `report` is not changed.
 */
export function localizedReport(report: GradeReport, lang: Lang): GradeReport {
  if (lang === "en") return report;
  return {
    ...report,
    exercises: report.exercises.map((e) => ({
      ...e,
      tests: e.tests.map((t) => {
        if (!t.misconception) return t;
        const text = localizedMisconception(t.misconception, lang);
        const m: LocalizedMisconceptionReport = { ...t.misconception, lang, titleLocalized: text.title, explanationLocalized: text.explanation };
        return { ...t, misconception: m };
      }),
    })),
  };
}

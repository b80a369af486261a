/**
 * The text a grading platform shows a student for one graded test: why it failed (the judge's message), the known
 * mistake it matches and the notebook section to read, and what the student's code printed — bounded, so one
 * runaway test cannot fill a platform's page. A hidden test's details stay with the instructor (`hiddenText`).
 */
import type { TestResult } from "../results.js";

export const FEEDBACK_LIMITS = Object.freeze({ messageChars: 4000, outputChars: 2000 });

/** What a student is told when a hidden test fails (its name and message are the instructor's). */
export const HIDDEN_FAILED = "hidden test failed";

/** The feedback for one test: empty when it passed. */
export function testFeedback(t: TestResult): string {
  if (t.passed) return "";
  const parts = [clip(t.message, FEEDBACK_LIMITS.messageChars)];
  if (t.misconception) parts.push(`known mistake: ${t.misconception.title} (read notebooks/${t.misconception.notebook})`);
  if (t.output) parts.push(`your code printed:\n${clip(t.output, FEEDBACK_LIMITS.outputChars)}`);
  return parts.join("\n");
}

/** `text` cut to `max` characters, saying how much was left out. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}

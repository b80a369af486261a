/**
 * What Aider shows the user during a turn or a command, recorded instead of printed: `tool_output`,
 * `tool_warning`, `tool_error`, the `confirm_ask` questions with the answer the scenario gave, and workbench notes
 * (kind "note": the workbench's own remarks, never Aider's words).
 */

export type AiderMessageKind = "output" | "warning" | "error" | "ask" | "note";

export interface AiderMessage {
  kind: AiderMessageKind;
  /** The text as Aider prints it (for "ask": the question). */
  text: string;
  /** For "ask": the path the question is about (Aider shows it as the question's subject). */
  subject?: string;
  /** For "ask": the answer the scenario gave. */
  answer?: boolean;
}

/** An append-only record of messages. */
export class AiderLog {
  readonly messages: AiderMessage[] = [];

  output(text: string): void {
    this.messages.push({ kind: "output", text });
  }
  warning(text: string): void {
    this.messages.push({ kind: "warning", text });
  }
  error(text: string): void {
    this.messages.push({ kind: "error", text });
  }
  note(text: string): void {
    this.messages.push({ kind: "note", text });
  }
  /** Records a `confirm_ask` and returns the given answer. */
  ask(text: string, subject: string, answer: boolean): boolean {
    this.messages.push({ kind: "ask", text, subject, answer });
    return answer;
  }
}

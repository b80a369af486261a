/** Every `workbench` sub-command, in the order `--help` lists them. Later features add theirs here. */
import type { Command } from "./command.js";
import { conformanceCommand } from "./conformance.js";
import { exploreCommand } from "./explore.js";
import { gitScenarioCommand } from "./git-scenario.js";
import { gradeCommand } from "./grade.js";
import { hintCommand } from "./hint.js";
import { loopCommand } from "./loop.js";
import { mapCommand } from "./map.js";
import { resetCommand } from "./reset.js";
import { teachCommand } from "./teach.js";

export const COMMANDS: readonly Command[] = [
  teachCommand,
  mapCommand,
  conformanceCommand,
  exploreCommand,
  gitScenarioCommand,
  loopCommand,
  gradeCommand,
  hintCommand,
  resetCommand,
];

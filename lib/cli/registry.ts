/** Every `workbench` sub-command, in the order `--help` lists them. Later features add theirs here. */
import type { Command } from "./command.js";
import { conformanceCommand } from "./conformance.js";
import { gitScenarioCommand } from "./git-scenario.js";
import { mapCommand } from "./map.js";
import { teachCommand } from "./teach.js";

export const COMMANDS: readonly Command[] = [teachCommand, mapCommand, conformanceCommand, gitScenarioCommand];

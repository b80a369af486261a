/** Every `workbench` sub-command, in the order `--help` lists them. Later features add theirs here. */
import { autogradeCommand, autograderCommand } from "./autograder.js";
import type { Command } from "./command.js";
import { collectCommand } from "./collect.js";
import { conformanceCommand } from "./conformance.js";
import { diagramsCommand } from "./diagrams.js";
import { exploreCommand } from "./explore.js";
import { gitScenarioCommand } from "./git-scenario.js";
import { gradeClassCommand } from "./grade-class.js";
import { gradeCommand } from "./grade.js";
import { hintCommand } from "./hint.js";
import { kernelCommand } from "./kernel.js";
import { loopCommand } from "./loop.js";
import { mapCommand } from "./map.js";
import { notebooksCommand } from "./notebooks.js";
import { releaseCommand } from "./release.js";
import { resetCommand } from "./reset.js";
import { similarityCommand } from "./similarity.js";
import { siteCommand } from "./site.js";
import { startCommand } from "./start.js";
import { teachCommand } from "./teach.js";

export const COMMANDS: readonly Command[] = [
  teachCommand,
  mapCommand,
  conformanceCommand,
  exploreCommand,
  gitScenarioCommand,
  loopCommand,
  notebooksCommand,
  diagramsCommand,
  startCommand,
  siteCommand,
  kernelCommand,
  gradeCommand,
  gradeClassCommand,
  collectCommand,
  hintCommand,
  resetCommand,
  releaseCommand,
  similarityCommand,
  autograderCommand,
  autogradeCommand,
];

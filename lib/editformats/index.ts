/**
 * @aider-workbench/lib/editformats — Aider's edit formats — unified diff (udiff/), V4A patch (patch/), whole file
 * (wholefile/) and SEARCH/REPLACE in its `diff` and `diff-fenced` coders — behind one `EditFormatCoder` interface,
 * and the one `apply_updates` chain (coder.ts, aider/coders/base_coder.py) over one file access (`EditFiles`,
 * workspace.ts). The chain's inner steps and error texts stay in their files (tests import them there). See README.md.
 */

// the one file access, and its in-memory implementation
export { ProjectFiles, WORKSPACE_DEFAULTS, type EditFiles, type IoEntry, type WorkspaceOptions } from "./workspace.js";

// one interface for every format, and Aider's apply_updates over it
export {
  allowedToEdit,
  applyUpdates,
  EditFormatValueError,
  type ApplyUpdatesResult,
  type CoderContext,
  type EditFormatCoder,
  type EditOutcome,
  type EditRepo,
} from "./coder.js";

// the formats by name, as Coder.create picks them
export { coderFor, defaultEditorEditFormat, EDIT_FORMATS, isEditFormatName, type EditFormatName } from "./formats.js";
export { editBlockCoder, editBlockFencedCoder } from "./editblock-coder.js";

// each other format as a namespace: its coder, parser and applier
import * as udiff from "./udiff/index.js";
import * as patch from "./patch/index.js";
import * as wholefile from "./wholefile/index.js";
export { patch, udiff, wholefile };

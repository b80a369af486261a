/**
 * `workbench collect ROSTER --deadline WHEN --into SUBMISSIONS [--late POLICY] [--mirrors DIR]`: each roster
 * student's repository (a remote one mirrored first, lib/grader/class/mirror.ts) cloned with hardened git, the
 * commit due by their deadline (plus any extension) checked out, the exercises found (in an extra folder too) and
 * copied to SUBMISSIONS/<folder> for `grade-class`; SUBMISSIONS/collection.csv records per student the real id,
 * the commit graded, what came after the deadline and by how much, and the late policy.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { collectStudent } from "../grader/class/collect-git.js";
import { folderName, parseLatePolicy, parseRoster, remoteRepository, type RosterEntry } from "../grader/class/collect.js";
import { gitMessage } from "../grader/class/checkout.js";
import { mirrorDir, mirrorSightings, updateMirror } from "../grader/class/mirror.js";
import type { Sighting } from "../grader/class/sightings.js";
import { COLLECTION_FILE, collectionCsv, type CollectionRow } from "../grader/class/collection.js";
import { loadCatalog } from "../grader/session.js";
import { parseCommandArgs, UsageError, type Command } from "./command.js";
import { exercisePaths, integerOption, userCwd } from "./exercise-options.js";

/** Students collected at once by default: cloning and fetching mostly wait on the network, not the cores. */
const COLLECT_JOBS = 4;

const USAGE = `Usage: workbench collect ROSTER --deadline WHEN --into SUBMISSIONS [--late POLICY] [--mirrors DIR] [--jobs N]

Collects a class by its deadline. ROSTER is a CSV with a header: student (any id: an e-mail, any Unicode name),
repository, and optionally extension_hours and any other columns, kept for the LMS exports of grade-class:
name, lms_id (Canvas's ID), sis_user_id, sis_login_id, email, section.
A repository is a path, a file:// URL, or a remote one (https://, http://, ssh://, git:// or user@host:path):
a remote repository is mirrored (a bare copy, cloned on the first run and brought up to date on later ones) with
your own git setup and credentials, never prompting. Each repository, or its mirror, is then cloned with git
hardened against it (no hooks, no config of its own; one that borrows another repository's objects is refused);
the last commit of its HEAD at or before the deadline (+ the student's extension) is graded, and later commits
are recorded with how late they are. A commit's date is the student's to set: for a remote repository, a commit
that was not on the host when an earlier collect looked counts from then, whatever its date (so run collect at
the deadline, from cron say, and again later). The exercises are found even inside an extra folder (with a note), and
copied to SUBMISSIONS/<folder> (the id, or a safe name made from it); SUBMISSIONS/${COLLECTION_FILE} lists every
student.
Then: workbench grade-class SUBMISSIONS --out DIR (its gradebook shows raw and final points).
  --deadline WHEN  an ISO 8601 time with its zone (2026-12-04T23:59:00Z)
  --into DIR       the submissions folder to fill (created if missing)
  --late POLICY    none (default: later commits recorded, never graded), zero (the last commit graded, 0 points
                   when late) or percent-per-day:N (the last commit graded, N % off per started day late)
  --mirrors DIR    where remote repositories are mirrored (default: .workbench/mirrors in the checkout)
  --jobs N         students collected at once (default ${COLLECT_JOBS}); each finished one is printed as [done/all]
Exit status: 0 when every student was collected, 1 when some could not be, 2 on a usage error.`;

export const collectCommand: Command = {
  name: "collect",
  summary: "collect a class's repositories by a deadline, with extensions and a late policy",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("collect", args, {
      deadline: { type: "string" },
      into: { type: "string" },
      late: { type: "string" },
      mirrors: { type: "string" },
      jobs: { type: "string" },
      root: { type: "string" },
    });
    if (positionals.length !== 1) throw new UsageError("collect: give exactly one ROSTER file (see: workbench collect --help)");
    if (values.deadline === undefined || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(values.deadline) || Number.isNaN(Date.parse(values.deadline))) {
      throw new UsageError(`collect: --deadline must be an ISO 8601 time with its zone, e.g. 2026-12-04T23:59:00Z (got ${JSON.stringify(values.deadline ?? "")})`);
    }
    if (values.into === undefined) throw new UsageError("collect: --into SUBMISSIONS is required");
    const { root } = exercisePaths("collect", { root: values.root });
    const rosterPath = resolve(userCwd(), positionals[0]!);
    const st = statSync(rosterPath, { throwIfNoEntry: false });
    if (!st?.isFile() || st.size > 16 * 1024 * 1024) throw new UsageError(`collect: ROSTER ${positionals[0]} must be a regular file under 16 MiB`);
    let policy, roster;
    try {
      policy = parseLatePolicy(values.late ?? "none");
      roster = parseRoster(readFileSync(rosterPath, "utf8"));
    } catch (err) {
      if (err instanceof WorkbenchInputError) throw new UsageError(`collect: ${err.message}`);
      throw err;
    }
    const deadline = Date.parse(values.deadline) / 1000;
    const into = resolve(userCwd(), values.into);
    const jobs = integerOption("collect", "jobs", values.jobs, COLLECT_JOBS, 1);
    const mirrors = values.mirrors === undefined ? join(root, ".workbench", "mirrors") : resolve(userCwd(), values.mirrors);
    mkdirSync(into, { recursive: true });
    const exercises = loadCatalog(root, []).map((e) => ({ id: e.id, files: e.files }));
    const folders = new Map<string, string>();
    for (const entry of roster) {
      const folder = folderName(entry.student);
      if (folders.has(folder)) throw new UsageError(`collect: students ${folders.get(folder)} and ${entry.student} would share the folder ${folder}`);
      folders.set(folder, entry.student);
    }
    const one = async (entry: RosterEntry): Promise<{ row: CollectionRow; line: string }> => {
      const folder = folderName(entry.student);
      let repository = entry.repository.startsWith("file://") ? entry.repository : resolve(userCwd(), entry.repository);
      let fetched = "";
      let sightings: Sighting[] = [];
      if (remoteRepository(entry.repository).kind === "remote") {
        repository = mirrorDir(mirrors, folder, entry.repository);
        try {
          fetched = `${await updateMirror(entry.repository, repository)}, `;
          sightings = mirrorSightings(repository);
        } catch (err) {
          const problem = `its repository could not be fetched (${gitMessage(err)})`;
          return { row: { entry, folder, policy, status: "not gradable", problem, notes: [] }, line: `${entry.student} → ${folder}: NOT GRADABLE: ${problem}` };
        }
      }
      const got = await collectStudent({ repository, deadline: deadline + entry.extensionHours * 3600, sightings }, { dest: join(into, folder), exercises }, policy);
      const late = got.pick?.late ? `, ${got.pick.late.commits} commit(s) after the deadline (last ${got.pick.late.hoursLate.toFixed(1)} h late)` : "";
      const what = got.status === "collected" ? `commit ${got.graded!.commit.slice(0, 10)}${late}` : `NOT GRADABLE: ${got.problem}`;
      return { row: { entry, folder, policy, ...got }, line: `${entry.student} → ${folder}: ${fetched}${what}${got.notes.length ? ` (${got.notes.join("; ")})` : ""}` };
    };
    // Students are collected `jobs` at a time (a clone or fetch mostly waits on the network); rows keep the roster's order.
    const rows: CollectionRow[] = new Array(roster.length);
    let next = 0;
    let done = 0;
    const width = String(roster.length).length;
    const worker = async (): Promise<void> => {
      while (next < roster.length) {
        const i = next++;
        const { row, line } = await one(roster[i]!);
        rows[i] = row;
        io.stdout(`[${String(++done).padStart(width)}/${roster.length}] ${line}\n`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(jobs, roster.length) }, worker));
    writeFileSync(join(into, COLLECTION_FILE), collectionCsv(rows));
    const bad = rows.filter((r) => r.status !== "collected").length;
    io.stdout(`\n${rows.length - bad} collected${bad ? `, ${bad} cannot be graded` : ""}; wrote ${join(into, COLLECTION_FILE)}.\n`);
    const backdated = rows.filter((r) => r.backdated?.length).map((r) => r.entry.student);
    if (backdated.length) {
      const names = backdated.length > 10 ? `${backdated.slice(0, 10).join(", ")} and ${backdated.length - 10} more` : backdated.join(", ");
      io.stdout(`${backdated.length} student(s) with commits dated by the deadline that reached the host after it (counted late; see the notes): ${names}.\n`);
    }
    return bad ? 1 : 0;
  },
};

/** `node:os` in the browser runtime: the few answers lib asks for (one core: scans run in this worker). */
export const homedir = (): string => "/home/reader";
export const tmpdir = (): string => "/tmp";
export const availableParallelism = (): number => 1;
export const cpus = (): unknown[] => [{}];
export const platform = (): string => "browser";
export const loadavg = (): number[] => [0, 0, 0];
export const devNull = "/dev/null";
export const EOL = "\n";
export default { homedir, tmpdir, availableParallelism, cpus, platform, loadavg, devNull, EOL };

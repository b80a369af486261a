#!/usr/bin/env bash
# The Debian packages the full test suite needs, installed when missing (npm test runs this first as `pretest`).
#   jupyter-notebook, python3-nbclient  notebooks through the real tslab kernel; the server `npm start` runs
#   chromium                            diagrams (mermaid-cli) and the page screenshot test; puppeteer's download is off
#   fonts-dejavu-core                   the font diagrams are laid out with (lib/diagrams/render.ts DIAGRAM_STYLE)
#   fonts-noto-cjk                      CJK glyphs in rendered pages and diagrams (the seed pages are in Chinese)
#   bubblewrap                          the grader's sandbox: no network, own pid namespace (lib/grader/README.md)
#   openssh-client                      collect's mirrors over ssh, tested through the real client (no daemon)
# As root it installs them with apt-get; otherwise with `sudo -n` when that works without a password; otherwise it
# prints the one command to run and exits 1. `--check` only reports.
set -euo pipefail
packages=(jupyter-notebook python3-nbclient chromium fonts-dejavu-core fonts-noto-cjk bubblewrap openssh-client)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
command="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "${1:-}" = "--check" ]; then
  echo "system-deps: missing Debian packages: ${missing[*]} (install: sudo $command)" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  run=(env DEBIAN_FRONTEND=noninteractive)
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  run=(sudo -n env DEBIAN_FRONTEND=noninteractive)
else
  echo "system-deps: the full test suite needs Debian packages that are missing: ${missing[*]}" >&2
  echo "system-deps: install them with:  sudo $command   (or run npm run test:quick, which does not need them)" >&2
  exit 1
fi
echo "system-deps: installing ${missing[*]} (apt-get; about a minute)" >&2
"${run[@]}" apt-get update -qq
"${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

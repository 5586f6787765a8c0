#!/usr/bin/env bash
# The project's test entry point (npm test). Runs typecheck, lint, the build, every vitest project (with
# coverage) and the Electron security lint, inside scripts/with-keyring.sh (a private, throwaway keyring).
set -u
cd "$(dirname "$0")/.."

if [ -z "${LW_TEST_KEYRING_SESSION:-}" ]; then
  exec bash scripts/with-keyring.sh bash "$0" "$@"
fi

failed=0
run() {
  echo "==> $*"
  "$@" || { echo "FAILED: $*" >&2; failed=1; }
}

run npm run --silent typecheck
run npx eslint .
run npx prettier --check .
run npm run --silent build
# Coverage of the whole run; vitest.config.ts sets the floor for index.ts and shell/**.
run npx vitest run --coverage --reporter=default --reporter=./tests/slowest-files.ts "$@"
if [ -f scripts/electronegativity.mjs ]; then
  run node scripts/electronegativity.mjs
fi
exit "$failed"

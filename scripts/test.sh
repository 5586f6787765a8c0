#!/usr/bin/env bash
# The project's test entry point (npm test). Runs typecheck, lint, the build, every vitest project and the
# Electron security lint. Where gnome-keyring is installed it first re-runs itself inside a
# private D-Bus session with a throwaway, unlocked keyring, so keychain tests hit a real
# Secret Service without touching the user's own keyring.
set -u
cd "$(dirname "$0")/.."

if [ -z "${LW_TEST_KEYRING_SESSION:-}" ] \
  && command -v gnome-keyring-daemon >/dev/null 2>&1 \
  && command -v dbus-run-session >/dev/null 2>&1; then
  data_home="$(mktemp -d)"
  # printf, not echo -n: sh may be dash, whose echo prints "-n".
  LW_TEST_KEYRING_SESSION=1 XDG_DATA_HOME="$data_home" dbus-run-session -- sh -c \
    'printf %s pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec bash "$0" "$@"' \
    "$0" "$@"
  status=$?
  rm -rf "$data_home"
  exit "$status"
fi

if [ -z "${LW_TEST_KEYRING_SESSION:-}" ]; then
  echo "scripts/test.sh: gnome-keyring-daemon or dbus-run-session not found; keychain tests will skip (CI=true makes them fail)." >&2
fi

failed=0
run() {
  echo "==> $*"
  "$@" || { echo "FAILED: $*" >&2; failed=1; }
}

run npm run --silent typecheck
run npx eslint .
run npx electron-vite build
run npx vitest run "$@"
if [ -f scripts/electronegativity.mjs ]; then
  run node scripts/electronegativity.mjs
fi
exit "$failed"

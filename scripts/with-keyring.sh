#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a throwaway, unlocked gnome-keyring, so
# keychain code meets a real Secret Service without touching the user's own keyring.
#   bash scripts/with-keyring.sh npx vitest run --project node tests/core/facade.test.ts
# Without gnome-keyring/dbus-run-session it runs the command as is (keychain tests then skip,
# or fail under CI=true).
set -u
if [ -n "${LW_TEST_KEYRING_SESSION:-}" ]; then exec "$@"; fi
if ! command -v gnome-keyring-daemon >/dev/null 2>&1 || ! command -v dbus-run-session >/dev/null 2>&1; then
  echo "with-keyring: gnome-keyring-daemon or dbus-run-session not found; keychain tests will skip (CI=true makes them fail)." >&2
  LW_TEST_KEYRING_SESSION=absent exec "$@"
fi
data_home="$(mktemp -d)"
# printf, not echo -n: sh may be dash, whose echo prints "-n".
LW_TEST_KEYRING_SESSION=1 XDG_DATA_HOME="$data_home" dbus-run-session -- sh -c \
  'printf %s pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' \
  sh "$@"
status=$?
rm -rf "$data_home"
exit "$status"

# Helpers for the command-line tests (sourced).  Each check prints
# "ok N - what" or "not ok N - what" (TAP style); "skip - why" for skips.
# $ECSCHED is the binary under test; $ECSCHED_SHARED_DATA the shared data
# directory when present.
: "${ECSCHED:=bin/ecsched}"
T_N=0
T_FAIL=0
T_DIR=$(mktemp -d)
trap 'rm -rf "$T_DIR"' EXIT
OUT=$T_DIR/stdout
ERR=$T_DIR/stderr

# run CMD...: run ecsched with args, capture stdout/stderr/exit code.
run() {
  "$ECSCHED" "$@" >"$OUT" 2>"$ERR"
  RC=$?
}

ok() { T_N=$((T_N + 1)); echo "ok $T_N - $1"; }
notok() {
  T_N=$((T_N + 1)); T_FAIL=$((T_FAIL + 1)); echo "not ok $T_N - $1"
  echo "  exit: $RC"; echo "  stdout:"; head -20 "$OUT" | sed 's/^/    /'
  echo "  stderr:"; head -20 "$ERR" | sed 's/^/    /'
}

expect_rc() { # CODE WHAT
  if [ "$RC" -eq "$1" ]; then ok "$2 (exit $1)"; else notok "$2: expected exit $1"; fi
}
expect_out() { # REGEX WHAT
  if grep -Eq -- "$1" "$OUT"; then ok "$2"; else notok "$2: stdout lacks /$1/"; fi
}
expect_err() { # REGEX WHAT
  if grep -Eq -- "$1" "$ERR"; then ok "$2"; else notok "$2: stderr lacks /$1/"; fi
}
expect_no_out() { # WHAT
  if [ ! -s "$OUT" ]; then ok "$1"; else notok "$1: stdout not empty"; fi
}
expect_file() { # PATH WHAT
  if [ -s "$1" ]; then ok "$2"; else notok "$2: $1 missing"; fi
}
expect_no_file() { # PATH WHAT
  if [ ! -e "$1" ]; then ok "$2"; else notok "$2: $1 exists"; fi
}
expect_eq() { # GOT WANT WHAT
  if [ "$1" = "$2" ]; then ok "$3"; else notok "$3: got '$1', want '$2'"; fi
}
skip() { echo "skip - $1"; }

# long_run WHAT: true under `make check` (ECS_TEST_LONG=1); otherwise say
# that WHAT is left to it and be false: `long_run "..." || exit 0`.
long_run() {
  [ "${ECS_TEST_LONG:-}" = 1 ] && return 0
  skip "$1: make check runs it"
  return 1
}

# shared DIR: path under the shared data, or empty if absent.
shared() {
  if [ -n "${ECSCHED_SHARED_DATA:-}" ] && [ -e "$ECSCHED_SHARED_DATA/$1" ]; then
    echo "$ECSCHED_SHARED_DATA/$1"
  fi
}

# json_key FILE KEY: the first scalar value of "KEY" in an ecsched JSON
# document (indented output, one key per line), without quotes.
json_key() {
  sed -n "s/^ *\"$2\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}\$/\1/p" "$1" | head -1
}

# on_tty FILE CMD: run the shell command CMD on a terminal (script(1)), its
# output into FILE with carriage returns as newlines.  script's stdin is a
# pipe held open until CMD ends: at end of input (stdin /dev/null, as
# tests/run.sh gives) script can end the session before CMD has finished.
on_tty() {
  rm -f "$T_DIR/tty.in"; mkfifo "$T_DIR/tty.in"
  sleep 600 >"$T_DIR/tty.in" &
  _hold=$!
  script -qc "$2" "$T_DIR/tty.raw" <"$T_DIR/tty.in" >/dev/null 2>&1
  kill "$_hold" 2>/dev/null; wait "$_hold" 2>/dev/null
  tr '\r' '\n' <"$T_DIR/tty.raw" >"$1"
}

# on_tty_until FILE REGEX CMD: on_tty, up to three times until FILE holds a
# line matching REGEX; the caller still asserts on the last transcript.
# (test_local's check failed now and then: its run converged before its
# first report on a fast machine, not a fault of script(1); it now runs a
# case that lasts to its time limit.)
on_tty_until() {
  for _try in 1 2 3; do
    on_tty "$1" "$3"
    grep -Eq -- "$2" "$1" && return 0
  done
  return 0
}

finish() { [ "$T_FAIL" -eq 0 ]; }

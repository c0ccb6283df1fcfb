#!/bin/sh
# The Python package (python/): its pytest tests with Debian's python3
# (/usr/bin/python3, not a pyenv or venv python3 on PATH: python3-cffi,
# python3-pandas and python3-pytest come from apt), against the tree's
# shared library (make python), each test one ok/not ok/skip line; then
# `pip install ./python` into a scratch prefix, the library found through
# pkg-config, and the issue's one-liner from outside the tree, whose cost
# must be the command's.  Skipped with a message when that python3 or its
# packages are missing (CI installs them: .ci/run).
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/../.." && pwd)
PY=${ECSCHED_PYTHON:-/usr/bin/python3}

if ldd "$ECSCHED" 2>/dev/null | grep -q 'libasan'; then
  skip "python: $ECSCHED is built with AddressSanitizer; python3 cannot load a sanitized library: make test runs this"
  exit 0
fi
if [ ! -x "$PY" ]; then
  skip "python: no $PY (apt-get install python3-cffi python3-pandas python3-pytest python3-setuptools)"
  exit 0
fi
for m in cffi pandas pytest setuptools; do
  if ! "$PY" -c "import $m" 2>/dev/null; then
    skip "python: $PY lacks the module $m (apt-get install python3-$m)"
    exit 0
  fi
done

if ! make -s -C "$top" -j2 python >"$T_DIR/make.log" 2>&1; then
  cat "$T_DIR/make.log"; notok "make python"; finish; exit
fi
so=$(ls "$top"/build/libecsched.so.*.*.* | head -1)

# pytest: one line per test (-rA: PASSED/FAILED/ERROR/SKIPPED ...)
ECSCHED_LIB=$so ECSCHED=$ECSCHED "$PY" -m pytest -q -rA -p no:cacheprovider \
  "$top/python/tests" >"$T_DIR/pytest.log" 2>&1
prc=$?
sed -n 's/^PASSED [^:]*::\(.*\)$/ok - python: \1/p' "$T_DIR/pytest.log"
sed -n 's/^SKIPPED \[[0-9]*\] [^:]*:[0-9]*: \(.*\)$/skip - python: \1/p' "$T_DIR/pytest.log"
if grep -Eq '^(FAILED|ERROR) ' "$T_DIR/pytest.log" || [ "$prc" -ne 0 ]; then
  RC=$prc; cp "$T_DIR/pytest.log" "$OUT"; : >"$ERR"
  grep -E '^(FAILED|ERROR) ' "$T_DIR/pytest.log" | sed 's/^/  /'
  tail -60 "$T_DIR/pytest.log" | sed 's/^/    /'
  notok "python: pytest (exit $prc)"
fi

# pip install ./python against a library found by pkg-config (a packaging
# run as test_install.sh's: make check)
if ! long_run "python: pip install ./python (pkg-config)"; then finish; exit; fi
mkdir -p "$T_DIR/lib" "$T_DIR/pc" "$T_DIR/away"
ln -s "$so" "$T_DIR/lib/libecsched.so.0"
printf 'prefix=%s\nlibdir=%s/lib\nincludedir=%s/include\n\nName: ecsched\nDescription: test\nVersion: 0\nLibs: -L${libdir} -lecsched\nCflags: -I${includedir}\n' \
  "$T_DIR" "$T_DIR" "$top" >"$T_DIR/pc/ecsched.pc"
# the package's sources only (not a build/ left by an earlier pip run in
# the tree, whose files a fresh copy would make look newer)
mkdir -p "$T_DIR/src-python/ecsched"
cp "$top/python/setup.py" "$top/python/pyproject.toml" "$T_DIR/src-python/"
cp "$top"/python/ecsched/*.py "$T_DIR/src-python/ecsched/"
rm -f "$T_DIR/src-python/ecsched/_config.py"
mkdir -p "$T_DIR/include"; cp -R "$top/include/ecsched" "$T_DIR/include/"
if command -v pkg-config >/dev/null 2>&1 && "$PY" -m pip --version >/dev/null 2>&1; then
  (cd "$T_DIR" && PKG_CONFIG_PATH=$T_DIR/pc ECSCHED_LIB= "$PY" -m pip install -q \
     --no-build-isolation --no-deps --prefix "$T_DIR/py" ./src-python) >"$T_DIR/pip.log" 2>&1
  RC=$?
  site=$(ls -d "$T_DIR"/py/lib/python3*/*-packages "$T_DIR"/py/local/lib/python3*/*-packages 2>/dev/null | head -1)
  if [ "$RC" -eq 0 ] && [ -n "$site" ]; then ok "python: pip install ./python (pkg-config)"
  else cp "$T_DIR/pip.log" "$ERR"; notok "python: pip install ./python (pkg-config)"; fi
  cp "$top/data/stg/rand0000.stg" "$T_DIR/away/"
  cost=$(cd "$T_DIR/away" && env -u ECSCHED_LIB PYTHONPATH="$site" "$PY" -c \
    "import ecsched; print(ecsched.LIBRARY_PATH); print('%.6f' % ecsched.solve(ecsched.load('rand0000.stg', pes=8, extension=0.2)).cost)" 2>"$ERR")
  RC=$?
  want=$("$ECSCHED" solve "$top/data/stg/rand0000.stg" -p 8 --extension 0.2 | sed -n 's/^cost  *\([0-9.]*\).*/\1/p')
  printf '%s\n' "$cost" >"$OUT"
  if [ "$RC" -eq 0 ] && [ "$(echo "$cost" | sed -n 1p)" = "$T_DIR/lib/libecsched.so.0" ]; then
    ok "python: the installed package loads the library pkg-config names"
  else notok "python: the installed package loads the library pkg-config names"; fi
  if [ -n "$want" ] && [ "$(echo "$cost" | sed -n 2p)" = "$want" ]; then
    ok "python: ecsched.solve(ecsched.load(rand0000, pes=8, extension=0.2)).cost = the command's ($want)"
  else notok "python: installed solve cost $(echo "$cost" | sed -n 2p), the command's $want"; fi
else
  skip "python: pip or pkg-config missing (apt-get install python3-pip pkgconf)"
fi
finish

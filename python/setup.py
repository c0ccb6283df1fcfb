"""pip install ./python: the ecsched package over an installed libecsched.

The library is found through $ECSCHED_LIB (the path of libecsched.so.N) or
pkg-config (`pkg-config --variable=libdir ecsched`, after `make install`;
PKG_CONFIG_PATH for a PREFIX outside the default search path), and its
path is recorded in ecsched/_config.py of the installed package.  Nothing
is compiled: cffi loads the library in ABI mode at import time.

Debian's python3 (/usr/bin/python3, with python3-cffi, python3-pandas,
python3-setuptools from apt):

    /usr/bin/python3 -m pip install --no-build-isolation \
        --break-system-packages ./python
"""
import glob
import os
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py


def find_library():
    env = os.environ.get("ECSCHED_LIB")
    if env:
        return os.path.abspath(env)
    try:
        libdir = subprocess.run(
            ["pkg-config", "--variable=libdir", "ecsched"], check=True,
            capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        libdir = ""
    if libdir:
        for name in sorted(glob.glob(os.path.join(libdir, "libecsched.so.*"))):
            if name.count(".so.") == 1 and name.split(".so.")[1].isdigit():
                return name
    raise SystemExit("ecsched: libecsched not found: `make install` it (and "
                     "set PKG_CONFIG_PATH to PREFIX/lib/pkgconfig), or set "
                     "ECSCHED_LIB to libecsched.so.N")


class BuildPy(build_py):
    def run(self):
        super().run()
        lib = find_library()
        out = os.path.join(self.build_lib, "ecsched", "_config.py")
        with open(out, "w") as f:
            f.write("# written by setup.py: the library found at install\n")
            f.write("LIBRARY = %r\n" % lib)


def version():
    """From include/ecsched/version.h, the one place of the version."""
    here = os.path.dirname(os.path.abspath(__file__))
    part = {}
    with open(os.path.join(here, "..", "include", "ecsched", "version.h")) as f:
        for line in f:
            w = line.split()
            if len(w) == 3 and w[0] == "#define" and \
                    w[1].startswith("ECS_VERSION_") and w[2].isdigit():
                part[w[1][12:]] = w[2]
    return "%s.%s.%s" % (part["MAJOR"], part["MINOR"], part["PATCH"])


setup(
    name="ecsched",
    version=version(),
    description="energy-cost scheduling of task graphs (libecsched from "
                "Python)",
    packages=["ecsched"],
    install_requires=["cffi"],
    extras_require={"pandas": ["pandas"]},
    cmdclass={"build_py": BuildPy},
    python_requires=">=3.9",
)

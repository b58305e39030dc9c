"""The simlab command line, run in the test process.

``run_cli(*args)`` gives what ``python -m simlab.cli.main ARGS`` gives (a
:class:`subprocess.CompletedProcess`: exit code, stdout, stderr), through the same entry point
(:func:`simlab.cli.main.main`, which turns bad input into one line and exit code 2), without a
new interpreter: each one had cost about a second of CPU (importing numpy, numba, pandas and
scipy, loading the kernels from the disk cache), and the suite runs the CLI some hundred times.
An exception that escapes ``main`` is printed as the interpreter would print it (a traceback on
stderr, exit code 1), so "no traceback" checks keep their meaning, and what a command sets for
its process (``--quiet``, bots loaded with ``--plugin``) is put back afterwards. Tests that need
a process of their own (the console script, environment variables, the cache folder) keep
``subprocess``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import traceback
import warnings

from click.testing import CliRunner


def run_cli(*args, cwd=None, timeout=None) -> subprocess.CompletedProcess:
    """Run ``simlab ARGS`` here (``cwd``: the working folder meanwhile; ``timeout`` is accepted
    for the subprocess helpers' signature and not enforced)."""
    from simlab.cli.main import main
    from simlab.core import compiling, custom

    argv = [str(a) for a in args]
    here = os.getcwd()
    # what a command may set for its process: --quiet, bots loaded with --plugin / --saved
    quiet, bots, saved = compiling.is_quiet(), dict(custom._REGISTRY), dict(custom._SAVED)
    code = 0
    with CliRunner().isolation() as (out, err, _mixed), warnings.catch_warnings():
        # a new interpreter's warning filters (pytest's would record them instead), and
        # main() then installs its own display, which catch_warnings puts back afterwards
        warnings.resetwarnings()
        for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning,
                         ResourceWarning):
            warnings.simplefilter("ignore", category)
        try:
            if cwd is not None:
                os.chdir(cwd)
            main(argv)
        except SystemExit as e:
            if e.code is None or isinstance(e.code, int):
                code = e.code or 0
            else:  # sys.exit("message"), as the interpreter does
                print(e.code, file=sys.stderr)
                code = 1
        except Exception:  # noqa: BLE001 - what the interpreter prints for an uncaught one
            traceback.print_exc(file=sys.stderr)
            code = 1
        finally:
            os.chdir(here)
            compiling.set_quiet(quiet)
            custom._REGISTRY.clear()
            custom._REGISTRY.update(bots)
            custom._SAVED.clear()
            custom._SAVED.update(saved)
            sys.stdout.flush()
            sys.stderr.flush()
        stdout, stderr = out.getvalue().decode(), err.getvalue().decode()
    return subprocess.CompletedProcess(["simlab", *argv], code, stdout, stderr)

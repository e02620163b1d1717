"""The package's types as an editor sees them: the installed package
carries `py.typed`, and `mypy --strict` passes on `examples/typed.py`,
which calls every public function and annotates what each returns; the
example also runs."""

import pathlib
import subprocess
import sys

import pytest

import shuffle_audit as sa

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "typed.py"


def test_the_installed_package_is_typed():
    assert (pathlib.Path(sa.__file__).parent / "py.typed").is_file()


def test_mypy_strict_passes_on_the_example(tmp_path):
    pytest.importorskip("mypy")
    # From a folder of its own, so that mypy reads the installed package,
    # not the source folder beside the tests.
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_example_runs(tmp_path):
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr

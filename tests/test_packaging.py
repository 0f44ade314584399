"""The package as it is installed and shipped: ``python -m spades``, the command's exit codes when
there is no command or its output cannot be written, the README's quick start, the declared
dependencies against the imports, the metadata, and what the sdist holds.

These run against whichever ``spades`` is imported: the sources (editable install) or an installed
wheel. The sdist check needs ``hatchling`` (a ``dev`` extra) and a checkout.
"""

from __future__ import annotations

import ast
import errno
import importlib
import io
import os
import pkgutil
import re
import shlex
import subprocess
import sys
import tarfile
import types
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

import spades
import spades._kernel
from spades.cli import main
from spades.cli.command import EXIT_OUTPUT_ERROR

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(spades.__file__).resolve().parent
LINUX = sys.platform.startswith("linux")


def spades_command(
    *args: str, cwd: Path | None = None, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    """``python -m spades ARGS`` in a new process, its output as text."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "spades", *args],
        cwd=cwd,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
        **kwargs,
    )


# -- python -m spades and no command ---------------------------------------------------------------


def test_python_dash_m_spades_is_the_command() -> None:
    build = "compiled (mypyc)" if spades.COMPILED else "pure Python"
    result = spades_command("--version")
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"spades {spades.__version__}, {build}\n",
        "",
    )


# -- which build: pure Python or compiled with mypyc -----------------------------------------------


#: The modules the compiled build compiles (pyproject.toml's mypyc hook): the kernel's and the
#: engine's transitions.
COMPILED_MODULES = [
    *(f"spades._kernel.{info.name}" for info in pkgutil.iter_modules(spades._kernel.__path__)),
    "spades._transitions",
]


def compiled_functions() -> list[object]:
    """Every function defined in a module the compiled build compiles."""
    found: list[object] = []
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        found += [
            value
            for value in vars(module).values()
            if callable(value)
            and not isinstance(value, type)
            and getattr(value, "__module__", None) == module.__name__
        ]
    return found


def test_compiled_says_whether_the_kernel_runs_as_python_functions() -> None:
    # The witness is the functions' type, not the modules' file names that COMPILED reads: mypyc
    # builds native functions, never Python ones, and it compiles all those modules or none.
    functions = compiled_functions()
    assert len(functions) > 50
    python = {isinstance(function, types.FunctionType) for function in functions}
    assert python == {not spades.COMPILED}


def test_no_compiled_module_holds_a_doctest() -> None:
    # Compiled, a function is no Python function, and doctest would not find its examples: the
    # examples belong in the modules above, or in the docs.
    sources = [*Path(spades._kernel.__file__).parent.glob("*.py"), PACKAGE / "_transitions.py"]
    assert len(sources) == len(COMPILED_MODULES) + 1  # and the kernel package's __init__.py
    assert [path.name for path in sources if ">>>" in path.read_text(encoding="utf-8")] == []


@pytest.mark.skipif(
    "SPADES_EXPECT_BUILD" not in os.environ, reason="SPADES_EXPECT_BUILD names the build to test"
)
def test_the_build_under_test_is_the_one_expected() -> None:
    # CI sets SPADES_EXPECT_BUILD=compiled where it tests the compiled wheel, so that a pure
    # package installed in its place cannot pass for it.
    expected = os.environ["SPADES_EXPECT_BUILD"]
    assert expected in {"compiled", "pure"}
    assert (expected == "compiled") == spades.COMPILED


def test_python_dash_m_spades_cli_is_the_command_too() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "spades.cli", "rules"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("standard ")


def test_no_command_prints_the_usage_on_standard_error_and_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main([])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("usage: spades ")
    for command in ("demo", "play", "arena", "score", "analyze", "rules"):
        assert re.search(rf"^ +{command} +\w", err, re.MULTILINE), command


def test_no_command_in_a_new_process() -> None:
    result = spades_command()
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("usage: spades ")


# -- an output that cannot be written --------------------------------------------------------------


class Unwritable(io.StringIO):
    """A standard output whose every write fails with ``error``."""

    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EBADF])
@pytest.mark.parametrize("argv", [["rules"], ["--version"], ["score", "--help"]])
def test_an_unwritable_output_is_one_line_and_its_own_exit_code(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    code: int,
    argv: list[str],
) -> None:
    monkeypatch.setattr(sys, "stdout", Unwritable(OSError(code, os.strerror(code))))
    assert main(argv) == EXIT_OUTPUT_ERROR == 74
    assert capsys.readouterr().err == (
        f"spades: error: cannot write the output: {os.strerror(code)}.\n"
    )


def test_a_closed_standard_output_is_an_unwritable_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", None)  # what Python makes of a closed descriptor 1
    assert main(["rules"]) == EXIT_OUTPUT_ERROR
    assert (
        capsys.readouterr().err == "spades: error: cannot write the output: Bad file descriptor.\n"
    )


def test_a_reader_that_stopped_early_is_not_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", Unwritable(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert main(["rules"]) == 0
    assert capsys.readouterr().err == ""


def test_other_operating_system_errors_are_not_taken_for_the_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdout", Unwritable(PermissionError(errno.EACCES, "Permission")))
    with pytest.raises(PermissionError):
        main(["rules"])


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("argv", [["rules"], ["rules", "000", "002"], ["--version"], ["--help"]])
def test_a_full_device_in_a_new_process(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = spades_command(*argv, stdout=full)
    assert (result.returncode, result.stderr) == (
        EXIT_OUTPUT_ERROR,
        "spades: error: cannot write the output: No space left on device.\n",
    )


@pytest.mark.skipif(not LINUX, reason="closes a descriptor in the child (POSIX)")
def test_a_closed_standard_output_in_a_new_process() -> None:
    result = spades_command("rules", stdout=None, preexec_fn=lambda: os.close(1))
    assert (result.returncode, result.stderr) == (
        EXIT_OUTPUT_ERROR,
        "spades: error: cannot write the output: Bad file descriptor.\n",
    )


@pytest.mark.skipif(not LINUX, reason="a read-only descriptor as standard output (POSIX)")
def test_a_read_only_standard_output_in_a_new_process() -> None:
    with open(os.devnull) as read_only:
        result = spades_command("rules", "standard", stdout=read_only)
    assert (result.returncode, result.stderr) == (
        EXIT_OUTPUT_ERROR,
        "spades: error: cannot write the output: Bad file descriptor.\n",
    )


@pytest.mark.skipif(not LINUX, reason="a pipe closed by its reader (POSIX)")
def test_a_closed_pipe_in_a_new_process_is_not_an_error() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "spades", "rules", "standard"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    process.stdout.close()  # before the child writes: it meets a broken pipe
    _, err = process.communicate(timeout=120)
    assert (process.returncode, err) == (0, "")


# -- the README's quick start ----------------------------------------------------------------------


def quick_start_lines() -> list[list[str]]:
    """The lines of the README's first command block (its quick start), as words."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the quick start has no sh block"
    assert block.start() == section.index("```"), "the quick start's first block is not sh"
    lines = [shlex.split(line, comments=True) for line in block.group(1).splitlines()]
    return [words for words in lines if words]


#: How the quick start installs the package from a fresh checkout: a virtual environment, then
#: the checkout itself (what .ci/run's fresh environment installs too, with the dev extra).
CHECKOUT_INSTALL = [
    ["python3", "-m", "venv", ".venv", "&&", ".", ".venv/bin/activate"],
    ["python", "-m", "pip", "install", "-e", "."],
]


def test_the_quick_start_installs_from_the_checkout() -> None:
    lines = quick_start_lines()
    assert lines[: len(CHECKOUT_INSTALL)] == CHECKOUT_INSTALL
    assert all(words[0] == "spades" for words in lines[len(CHECKOUT_INSTALL) :])
    # What "pip install -e ." installs is this checkout's project, and the one for the first
    # release is named beside the block.
    assert re.search(r'^name = "spades"$', (ROOT / "pyproject.toml").read_text(), re.M)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "After the first release, `pip install spades` installs it" in readme


def test_the_quick_start_works_with_the_installed_package(tmp_path: Path) -> None:
    commands = [words for words in quick_start_lines() if words[0] == "spades"]
    assert [words[:2] for words in commands] == [
        ["spades", "demo"],
        ["spades", "demo"],
        ["spades", "score"],
    ]
    for words in commands:
        result = spades_command(*words[1:], cwd=tmp_path)
        assert (result.returncode, result.stderr) == (0, ""), words
        if words == ["spades", "demo"]:  # a whole game, to its result
            assert re.search(r"^(NS|EW) win \d+ to -?\d+ after \d+ hands", result.stdout, re.M)
    assert (tmp_path / "game.json").is_file()
    assert "Verdict: consistent" in result.stdout


# -- dependencies and metadata ---------------------------------------------------------------------


#: The modules of an optional extra, by the folder of the package that holds them: what they
#: import beyond the dependencies is that extra's.
EXTRA_FOLDERS = {"rl": PACKAGE / "rl"}


def imported_top_level_names(
    folder: Path = PACKAGE, *, leave_out: tuple[Path, ...] = ()
) -> set[str]:
    """Every top-level module name the code under ``folder`` imports (absolute imports only),
    the folders ``leave_out`` apart."""
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        if any(path.is_relative_to(other) for other in leave_out):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def distributions_of(names: set[str]) -> set[str]:
    """The distributions that provide the third-party modules among ``names``."""
    third_party = names - set(sys.stdlib_module_names) - {"spades"}
    distributions = metadata.packages_distributions()
    return {normalized(dist) for name in third_party for dist in distributions.get(name, [name])}


def declared(extra: str | None) -> set[str]:
    """The distributions the package requires (``extra`` None), or those of ``extra``."""
    found = set()
    for requirement in metadata.requires("spades") or []:
        name, _, marker = requirement.partition(";")
        of_extra = re.search(r"""extra\s*==\s*["']([\w-]+)["']""", marker)
        if (of_extra.group(1) if of_extra else None) == extra:
            found.add(normalized(re.split(r"[\s<>=!~\[]", name.strip(), maxsplit=1)[0]))
    return found


def test_the_declared_dependencies_are_exactly_what_the_code_imports() -> None:
    leave_out = tuple(EXTRA_FOLDERS.values())
    assert distributions_of(imported_top_level_names(leave_out=leave_out)) == declared(None)


@pytest.mark.parametrize("extra", sorted(EXTRA_FOLDERS))
def test_an_optional_module_imports_the_dependencies_and_its_extra(extra: str) -> None:
    # Run where the extra is installed (its modules map to their distributions); the names are
    # read from the sources, so the check itself needs nothing imported.
    imported = distributions_of(imported_top_level_names(EXTRA_FOLDERS[extra]))
    assert imported - declared(None) == declared(extra)


def test_the_metadata_claims_this_python_and_links_the_project() -> None:
    meta = metadata.metadata("spades")
    classifiers = meta.get_all("Classifier") or []
    this = f"Programming Language :: Python :: {sys.version_info.major}.{sys.version_info.minor}"
    assert this in classifiers
    claimed = sorted(
        int(c.rsplit(".", 1)[1]) for c in classifiers if re.fullmatch(r".*:: 3\.\d+", c)
    )
    assert claimed == list(range(10, claimed[-1] + 1))
    assert meta["Requires-Python"] == f">=3.{claimed[0]}"
    urls = dict(url.split(", ", 1) for url in meta.get_all("Project-URL") or [])
    assert set(urls) == {"Homepage", "Documentation", "Source", "Issues", "Changelog"}
    assert meta["License-Expression"] == "MIT"


def test_the_installed_package_has_its_data_files() -> None:
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "records" / "schema" / "record-v1.schema.json").is_file()
    assert (PACKAGE / "__main__.py").is_file()


# -- the repository root ---------------------------------------------------------------------------

#: Everything the repository root may hold: a new file at the root is a choice to make here.
ROOT_ALLOWED = {
    ".ci",
    ".gitignore",
    "CHANGELOG.md",
    "LICENSE",
    "README.md",
    "pyproject.toml",
    "benchmarks",
    "docs",
    "examples",
    "src",
    "tests",
}

#: What a checkout or an unpacked sdist holds at the root that is not the project's: the VCS,
#: the tools' caches and builds (all in .gitignore), and the sdist's own metadata.
ROOT_LOCAL = re.compile(
    r"\.git|\.venv|\.ci-venv|build|dist|htmlcov|\.coverage|\.\w+_cache|\.hypothesis"
    r"|__pycache__|.*\.egg-info|PKG-INFO"
)


def root_entries(root: Path) -> set[str]:
    """The names at the top of the repository: of the files git tracks in a checkout, else of
    the directory (an unpacked sdist), less what only a local copy holds."""
    if (root / ".git").exists():
        listed = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return {path.split("/", 1)[0] for path in listed.split("\0") if path}
    return {path.name for path in root.iterdir() if not ROOT_LOCAL.fullmatch(path.name)}


def test_the_repository_root_holds_only_its_allowed_files() -> None:
    assert root_entries(ROOT) <= ROOT_ALLOWED


def test_the_root_check_reads_a_directory_outside_a_checkout(tmp_path: Path) -> None:
    for folder in ("src", ".venv", ".pytest_cache"):
        (tmp_path / folder).mkdir()
    for file in ("README.md", "PKG-INFO", "notes.txt"):
        (tmp_path / file).write_text("", encoding="utf-8")
    assert root_entries(tmp_path) == {"src", "README.md", "notes.txt"}


# -- the sdist -------------------------------------------------------------------------------------


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="builds the sdist from a checkout")
def test_the_sdist_holds_the_sources_tests_and_docs_and_not_the_ci(tmp_path: Path) -> None:
    sdist = pytest.importorskip("hatchling.builders.sdist")
    (built,) = sdist.SdistBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])
    with tarfile.open(built) as archive:
        names = [name.split("/", 1)[1] for name in archive.getnames() if "/" in name]
    top = {name.split("/", 1)[0] for name in names}
    # hatchling always ships the VCS ignore file: it cannot be excluded, and it does no harm.
    assert top == {
        "src",
        "tests",
        "docs",
        "examples",
        "benchmarks",
        "CHANGELOG.md",
        "README.md",
        "LICENSE",
        "pyproject.toml",
        "PKG-INFO",
        ".gitignore",
    }
    assert "src/spades/py.typed" in names
    assert "tests/test_packaging.py" in names
    assert "tests/data/records/dispute-forgotten-penalty.json" in names
    # The tests' folders, which mirror src/spades, each with its tests, and the one conftest.py.
    assert "tests/conftest.py" in names
    for folder in ("rules", "kernel", "records", "bots", "arena", "cli"):
        assert any(re.fullmatch(rf"tests/{folder}/test_\w+\.py", name) for name in names), folder
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]

"""``explain`` and ``report`` give what the command line gives: on every
example, the text ``shape-opt --explain`` prints and the page
``shape-opt --lower-to=std --report`` writes (but for the times it
measured), compared with the ``shape-opt`` binary built from the same
sources by cargo. Without cargo the comparison is skipped, saying why,
unless ``SHAPE_OPT_REQUIRE_MLIR=1``."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import shape_opt
from conftest import ROOT

#: Where a report page's data is (``crates/report/src/html.rs``).
DATA = re.compile(r'(<script type="application/json" id="report-data">)(.*?)(</script>)', re.S)
#: The run's wall time in the page's header.
WALL_TIME = re.compile(r", \d+ ms</p></header>")


def every_example() -> list[str]:
    """Every ``.mlir`` file under examples/, relative to the repository root
    (as both front ends name it in locations)."""
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").rglob("*.mlir"))


@pytest.fixture(scope="module")
def shape_opt_cli() -> Path:
    """The ``shape-opt`` binary: ``$SHAPE_OPT_CLI`` when set (what
    scripts/test-python builds before it takes the Rust toolchain off
    ``PATH``), else built by cargo from this repository."""
    given = os.environ.get("SHAPE_OPT_CLI")
    if given:
        assert Path(given).is_file(), f"SHAPE_OPT_CLI={given} is not a file"
        return Path(given)
    cargo = shutil.which("cargo")
    if cargo is None:
        reason = "cargo is not on PATH: no shape-opt to compare with"
        if os.environ.get("SHAPE_OPT_REQUIRE_MLIR") == "1":
            pytest.fail(f"{reason}, and SHAPE_OPT_REQUIRE_MLIR=1")
        pytest.skip(reason)
    build = [cargo, "build", "--quiet", "-p", "shape-opt-cli", "--bin", "shape-opt"]
    built = subprocess.run(
        [*build, "--message-format=json"], cwd=ROOT, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr
    for line in built.stdout.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message.get("executable"):
            return Path(message["executable"])
    raise AssertionError(f"cargo built no shape-opt:\n{built.stdout}")


def untimed(page: str) -> str:
    """``page`` with what differs between two runs blanked: the wall time
    in its header, each pass's total time and statistics, and the time of
    each pass run (as filetests::report_page::untimed does)."""
    match = DATA.search(page)
    assert match, "the report carries its data"
    data = json.loads(match.group(2))
    data["passes"] = None
    for function in data.get("functions", {}).get("f", []):
        for step in function.get("p", []):
            step[1] = None
    head = WALL_TIME.sub(", _ ms</p></header>", page[: match.start()])
    return head + match.group(1) + json.dumps(data) + match.group(3) + page[match.end() :]


@pytest.mark.parametrize("example", every_example())
def test_explain_prints_what_shape_opt_prints(shape_opt_cli, example):
    cli = subprocess.run(
        [shape_opt_cli, "--explain", "--allow-unregistered-dialect", example],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert cli.returncode == 0, cli.stderr
    text = (ROOT / example).read_text()
    explained = shape_opt.explain(text, allow_unregistered_dialects=True, name=example)
    assert explained.text == cli.stdout
    assert str(explained) == cli.stdout
    # Each function's parts are those its text shows.
    assert "\n".join(f.text for f in explained.functions).rstrip() == cli.stdout.rstrip()
    for function in explained.functions:
        assert function.text.startswith(function.name + "(")
        for requirement in function.requires:
            if requirement.message is not None:
                assert json.dumps(requirement.message) in function.text


@pytest.mark.parametrize("example", every_example())
def test_report_writes_what_shape_opt_writes(shape_opt_cli, example, tmp_path):
    cli_page = tmp_path / "cli.html"
    cli = subprocess.run(
        [
            shape_opt_cli,
            "--lower-to=std",
            "--allow-unregistered-dialect",
            f"--report={cli_page}",
            example,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    session = shape_opt.Session(allow_unregistered_dialects=True)
    module = session.parse((ROOT / example).read_text(), name=example)
    python_page = tmp_path / "python.html"
    try:
        written = session.report(module, python_page, to="std")
        assert cli.returncode == 0, cli.stderr
        assert written == python_page
    except shape_opt.DiagnosticError:
        # Both fail alike (a host declaration that does not match its
        # library), and both write the report all the same.
        assert cli.returncode != 0
    assert untimed(python_page.read_text()) == untimed(cli_page.read_text())


def test_matmul_explained_in_parts(matmul):
    (function,) = shape_opt.explain(matmul).functions
    assert function.name == "matmul"
    assert function.params == ["lhs: [a, b]", "rhs: [c, d]"]
    assert function.results == ["[a, d]"]
    assert function.partial is None
    assert ("b = c", "inner dimensions required to match") in [
        (r.condition, r.message) for r in function.requires
    ]


def test_report_of_a_pipeline_with_arguments(matmul, tmp_path):
    page = shape_opt.report(
        matmul, tmp_path / "cse.html", pipeline="builtin.module(cse)", args=[[2, 3], [3, 4]]
    )
    assert page == tmp_path / "cse.html"
    assert "[2, 3] [3, 4]" in page.read_text() or "[2,3] [3,4]" in page.read_text()


def test_report_arguments_are_checked_before_the_run(matmul, tmp_path):
    with pytest.raises(ValueError, match="not both"):
        shape_opt.report(matmul, tmp_path / "r.html", to="std", pipeline="builtin.module()")
    with pytest.raises(ValueError, match="unknown stage"):
        shape_opt.report(matmul, tmp_path / "r.html", to="llvm")
    with pytest.raises(ValueError, match="did you mean 'cse'"):
        shape_opt.report(matmul, tmp_path / "r.html", pipeline="builtin.module(cs)")
    assert not (tmp_path / "r.html").exists()


def test_a_report_that_cannot_be_written_is_a_diagnostic_error(matmul, tmp_path):
    with pytest.raises(shape_opt.DiagnosticError, match="could not write the report"):
        shape_opt.report(matmul, tmp_path / "missing" / "dir" / "r.html")

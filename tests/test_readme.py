"""The README's library example runs and prints what the README says it prints."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_prints_its_comment() -> None:
    """Run the python block; its output equals the `# ...` line that follows the print."""
    block = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert block is not None
    code = block.group(1)
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, str(README), "exec"), {})
    assert output.getvalue().splitlines() == expected


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run runs the README's test command (quiet flags aside), so the two cannot drift."""
    blocks = re.findall(r"```sh\n(.*?)\n```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 2, "README shows exactly two set-up commands"
    readme_command = blocks[1].removeprefix("python3 -m venv .venv && ")
    ci_lines = (README.parent / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    ci_command = ci_lines[-1].replace(" --quiet", "")
    assert ci_command == readme_command.replace(" --quiet", "")

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

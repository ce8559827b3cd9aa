"""mkdocs hooks for the docs pages (the spec pages have their own, spec/specdoc.py).

- `<!-- memcore-help -->` and `<!-- memcore-help COMMAND -->` in a page become the help that
  `memcore --help` and `memcore COMMAND --help` print, so docs/cli.md is always the parser's.
- A link that mkdocs left pointing at a Markdown file (`href="../spec/x.md"`: a file outside
  the site, which renders as a 404) is a warning, so `mkdocs build --strict` fails on it.
"""

from __future__ import annotations

import re
import typing

from mkdocs.plugins import get_plugin_logger

if typing.TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

log = get_plugin_logger(__name__)

HELP_MARKER = re.compile(r"^<!-- memcore-help(?: (?P<command>[a-z][a-z-]*))? -->$", re.MULTILINE)
# A relative href that still names a .md file after mkdocs converted every link it resolved.
UNRESOLVED_LINK = re.compile(r'href="(?![a-z][a-z0-9+.-]*:|#)(?P<target>[^"]*\.md(?:#[^"]*)?)"')


def expand_help_markers(markdown: str) -> str:
    """`markdown` with every help marker replaced by a text block of that help."""
    from memcore.cli.reference import help_text

    def block(match: re.Match[str]) -> str:
        command = match["command"]
        shown = "memcore --help" if command is None else f"memcore {command} --help"
        return f"```text\n$ {shown}\n{help_text(command).rstrip()}\n```"

    return HELP_MARKER.sub(block, markdown)


def unresolved_links(html: str) -> list[str]:
    """The hrefs of `html` that still point at a Markdown file."""
    return [match["target"] for match in UNRESOLVED_LINK.finditer(html)]


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """mkdocs hook: expand the help markers."""
    return expand_help_markers(markdown) if HELP_MARKER.search(markdown) else markdown


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """mkdocs hook: warn (an error under --strict) on a link mkdocs could not resolve."""
    for target in unresolved_links(html):
        log.warning(f"{page.file.src_uri}: the link {target!r} points outside the site (a 404)")
    return html

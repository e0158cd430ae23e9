"""Sphinx configuration of the documentation site: ``bash run.sh docs`` builds it into
``build/docs`` (with warnings as errors), offline.

Besides the pages in this folder, the build makes, each time, three things it does not
keep in git (see ``.gitignore``):

- ``course/``: the course notebooks of ``notebooks/``, each with a link to try it live
  in the JupyterLite site (``build/docs/lite``). MyST-NB executes them (cached in
  ``build/docs-cache``), and their outputs show the board's picture: the live widget's
  output is dropped, since its script would come from a CDN.
- ``api/``: one reference page per public module of the package, found by walking it, so
  a new module (say, a research package) has its page without an edit here.
- ``more.md``: every other ``*.md`` page of this folder that the table of contents below
  does not name, so a page another change adds joins the site without a warning (under
  "More guides", which shows only when there is such a page).
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import pkgutil
import shutil
from pathlib import Path

import alhambra_widget

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUILD = ROOT / "build"

project = "alhambra-widget"
author = "the alhambra-widget authors"
copyright = "the alhambra-widget authors, MIT licence"
release = version = alhambra_widget.__version__

extensions = ["myst_nb", "sphinx.ext.autodoc"]
exclude_patterns = ["_build", "api/_*", "_ladder.md", "course/.ipynb_checkpoints"]
html_theme = "furo"
html_title = f"alhambra-widget {release}"
html_static_path = ["_static"]
html_logo = "_static/board.svg"
html_favicon = "_static/board.svg"
html_css_files = ["site.css"]
html_theme_options = {"sidebar_hide_name": False, "navigation_with_keys": True}
html_show_sourcelink = False
templates_path: list[str] = []

# Docstrings are written with ``code`` and `code`: a single-backquoted name reads as code
default_role = "literal"
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# a module's page documents what the module defines; a façade's ``__all__`` (the short
# imports) would document the same objects twice
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    "ignore-module-all": True,
    # a class lists what it inherits from this package's classes too (``Game.apply`` is
    # written once, in the record machinery both games share); see skip_foreign below
    "inherited-members": True,
}
autodoc_inherit_docstrings = True

myst_enable_extensions = ["colon_fence", "deflist", "attrs_inline"]
myst_heading_anchors = 3
# plain Markdown pages (rules.md, CHANGELOG.md) may skip a heading level
suppress_warnings = [
    "myst.header",
    # a type hint or docstring naming ``type`` or ``narration.Event`` finds one target per
    # game (Alhambra, Gardens); Sphinx links the first, and says so for each
    "ref.python",
]

# Notebooks: executed, cached between builds; an error in any cell fails the build
nb_execution_mode = "cache"
nb_execution_cache_path = str(BUILD / "docs-cache")
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
# The widget's own output needs its script from a CDN: show the picture it carries
# (text/html with an SVG) instead, and load no widget script at all.
nb_mime_priority_overrides = [
    (builder, "application/vnd.jupyter.widget-view+json", None)
    for builder in ("html", "dirhtml", "singlehtml", "readthedocs")
]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
nb_merge_streams = True
# the kernel that executes the pages keeps its course progress here, not in the user's
os.environ["ALHAMBRA_COURSE_PROGRESS"] = str(BUILD / "docs-course-progress.json")

# pages this folder's index names (index.md); every other *.md joins through more.md
LISTED = {
    "index", "getting-started", "playing", "table", "online", "classroom", "course", "coach", "whatif",
    "rules", "rules-in-pictures", "scripting", "api", "researchers", "research",
    "architecture", "contributing", "writing-lessons", "speed", "engine-speed", "changelog",
    "more",
}  # fmt: skip


def not_in_lite() -> set[str]:
    """The notebooks the JupyterLite site leaves out (``NOT_IN_LITE`` of lite/build.py)."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return set(mod.NOT_IN_LITE)


def course_pages() -> None:
    """Copy the course notebooks into ``course/``, each with a link into the Lite site
    (or, for a notebook the Lite site leaves out, the install that runs it)."""
    out = HERE / "course"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    absent = not_in_lite()
    for nb_path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(nb_path.read_text())
        link = (
            '<p class="try-live">Try this chapter live, with nothing to install: '
            f'<a href="../lite/lab/index.html?path={nb_path.name}">open it in JupyterLite</a> '
            "(the board below is a picture of the notebook's state as it ran).</p>"
        )
        if nb_path.name in absent:
            link = (
                '<p class="try-live">This notebook needs packages JupyterLite does not have '
                '(the <code>rl</code> extra: <code>pip install "alhambra-widget[rl]"</code>); '
                "below, its outputs as it ran.</p>"
            )
        cell = {"cell_type": "markdown", "metadata": {}, "source": [link]}
        nb["cells"].insert(1 if nb["cells"][0]["cell_type"] == "markdown" else 0, cell)
        for i, c in enumerate(nb["cells"]):  # cell ids (nbformat 4.5), so none is invented
            c.setdefault("id", f"cell-{i}")
        nb["nbformat_minor"] = max(nb.get("nbformat_minor", 0), 5)
        (out / nb_path.name).write_text(json.dumps(nb, indent=1))


def public_modules() -> list[str]:
    """Every importable public module of the package (no ``_private`` part)."""
    found = ["alhambra_widget"]
    for m in pkgutil.walk_packages(alhambra_widget.__path__, "alhambra_widget."):
        parts = m.name.split(".")
        if any(p.startswith("_") for p in parts) or m.name.endswith(".static"):
            continue
        found.append(m.name)
    return sorted(found)


def api_pages() -> None:
    """One reference page per public module, and the list of the package's short names."""
    out = HERE / "api"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    for name in public_modules():
        title = f"``{name}``"
        (out / f"{name}.rst").write_text(
            f"{title}\n{'=' * len(title)}\n\n.. automodule:: {name}\n"
        )
    rows = []
    for short in [*alhambra_widget.__all__, "AlhambraWidget", "SandboxWidget", "CourseWidget"]:
        obj = getattr(alhambra_widget, short)
        where = getattr(obj, "__module__", None)
        if where is None or not hasattr(obj, "__qualname__"):
            rows.append(f"| `{short}` | a constant of `{alhambra_widget.__name__}` |")
            continue
        doc = inspect.getdoc(obj) or ""
        first = doc.split("\n\n")[0].replace("\n", " ").replace("|", "\\|")
        rows.append(f"| {{py:obj}}`{short} <{where}.{obj.__qualname__}>` | {first} |")
    table = "| name | what it is |\n| --- | --- |\n" + "\n".join(rows) + "\n"
    (out / "_short_names.md").write_text(table)


def extra_pages() -> list[str]:
    """The pages of this folder that index.md does not name (a ``_`` name is a part
    another page includes, not a page)."""
    return sorted(
        p.stem for p in HERE.glob("*.md") if p.stem not in LISTED and not p.stem.startswith("_")
    )


def more_page() -> None:
    """``more.md``, listing :func:`extra_pages`; none when there are none."""
    extra = extra_pages()
    (HERE / "more.md").unlink(missing_ok=True)
    if not extra:
        return
    lines = ["# More guides", "", "Further pages of this documentation.", ""]
    lines += ["```{toctree}", ":maxdepth: 1", "", *extra, "```", ""]
    (HERE / "more.md").write_text("\n".join(lines))


def toc_with_more(_app: object, docname: str, source: list[str]) -> None:
    """Name ``more`` in index.md's last table of contents when there is a more.md."""
    if docname == "index" and extra_pages():
        source[0] = source[0].replace("\nchangelog\n```", "\nchangelog\nmore\n```")


def reread_index(*_args: object) -> list[str]:
    """index.md is read again by every build, so its table of contents follows more.md."""
    return ["index"]


def defined_in(obj: object) -> str | None:
    """The module that defines a class member (a function, property, trait, ...)."""
    if isinstance(obj, property):
        obj = obj.fget
    for attr in ("this_class", "__objclass__"):  # a traitlets trait, a builtin method
        owner = getattr(obj, attr, None)
        if isinstance(owner, type):
            return owner.__module__
    return getattr(obj, "__module__", None)


def skip_foreign(_app: object, what: str, _name: str, obj: object, skip: bool, _o: object):
    """Leave out the members a class inherits from outside the package (the hundreds of
    ipywidgets methods of a widget, ``Exception.args``, ...)."""
    where = defined_in(obj)
    if what == "class" and isinstance(where, str) and not where.startswith("alhambra_widget"):
        return True
    return None


def setup(app: object) -> None:
    app.connect("autodoc-skip-member", skip_foreign)  # type: ignore[attr-defined]
    app.connect("source-read", toc_with_more)  # type: ignore[attr-defined]
    app.connect("env-get-outdated", reread_index)  # type: ignore[attr-defined]


course_pages()
api_pages()
more_page()

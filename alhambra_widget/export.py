"""An nbconvert exporter whose boards are their pictures, so the HTML reads offline.

``jupyter nbconvert --to alhambra-html --execute course.ipynb`` (registered as the
``nbconvert.exporters`` entry point ``alhambra-html``) writes the same HTML as
``--to html``, except that it keeps no widget state: with saved state nbconvert shows
each widget as the live widget, whose script comes from a CDN, so the page is blank
offline; without it, nbconvert shows the picture every board carries in its output (an
SVG of its state, ``text/html``). The stock option
``--ExecutePreprocessor.store_widget_state=False`` does the same for ``--to html``.
"""

from __future__ import annotations

from typing import Any

from nbconvert.exporters import HTMLExporter

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def drop_widget_state(nb: Any, resources: Any) -> tuple[Any, Any]:
    """Forget the notebook's saved widget state (after execution), so each widget's
    output falls back to its picture."""
    nb.metadata.get("widgets", {}).pop(WIDGET_STATE, None)
    if not nb.metadata.get("widgets"):
        nb.metadata.pop("widgets", None)
    return nb, resources


class PictureHTMLExporter(HTMLExporter):
    """``--to html``, with every widget shown as its picture (offline), not as the live
    widget."""

    export_from_notebook = "HTML with the boards' pictures (offline)"

    def _init_preprocessors(self) -> None:
        super()._init_preprocessors()  # type: ignore[no-untyped-call]
        self.register_preprocessor(drop_widget_state, enabled=True)  # type: ignore[no-untyped-call]

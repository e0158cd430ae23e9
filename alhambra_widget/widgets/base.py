"""Shared plumbing of every board: versioned views, messages, safe intent handling,
the static picture."""

from __future__ import annotations

import asyncio
import html
import json
import pathlib
import re
import uuid
from collections.abc import Callable
from typing import Any, ClassVar, Literal

import anywidget
import traitlets

from ..engine.errors import GameError, MalformedInput
from ..views.alhambra.svg import KIND_GLYPHS
from ..views.alhambra.view import RULES
from ..views.contract import Message, Texts, View

STATIC = pathlib.Path(__file__).parent.parent / "static"
PICTURE_AFTER_S = 0.3
"""Seconds without a change before the output's picture is refreshed (see
:meth:`BaseWidget._picture_soon`)."""
PICTURE_AT_MOST_S = 2.0
"""Seconds after the first change waiting for a picture, at most, however busy the board."""
Intents = dict[str, Callable[[Any, dict[str, Any]], None]]


class BaseWidget(anywidget.AnyWidget):
    """Shared plumbing: versioned views, messages, safe intent handling."""

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    view = traitlets.Dict().tag(sync=True)
    message = traitlets.Dict().tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    """What never changes, sent once: the rule texts by ruling id and the building kinds'
    shapes."""
    board_id = traitlets.Unicode().tag(sync=True)
    """This board's name in the page: each view the notebook draws of it (anywidget hands
    every view its own model object) carries on with the same picks and focus."""

    @traitlets.default("board_id")
    def _board_id(self) -> str:
        return uuid.uuid4().hex

    show_coords = traitlets.Bool(False).tag(sync=True)
    """Draw each cell's (x, y) on the boards (x grows east, y south; the fountain is
    (0, 0)), for lessons that name cells."""

    def send_state(self, key: str | list[str] | None = None) -> None:
        """Send the state, or the traits named, to the page, as ipywidgets does, without
        its search of the state for binary buffers: every trait here is JSON (dicts,
        lists, text, numbers), and that search walked the whole view model at each
        change (0.45 of the 1.2 ms a move at a table of six took in Python). Bytes in a
        trait would be refused by the JSON encoder, never sent wrong."""
        state = self.get_state(key=key)
        if not state:
            return
        # (kept up to date with what the page last sent, as ipywidgets does)
        if self._property_lock:
            for name, value in state.items():
                if name in self._property_lock:
                    self._property_lock[name] = value
        self._send({"method": "update", "state": state, "buffer_paths": []}, buffers=[])

    def _intent_hello(self, content: dict[str, Any]) -> None:
        """The page greets the kernel when it draws the board (the reply is the
        acknowledgement every message gets), naming its view."""
        view = content.get("view")
        if isinstance(view, str):
            self._greeted = True
            self._views.add(view)
            self._views_changed()

    def _intent_bye(self, content: dict[str, Any]) -> None:
        """A view of the board leaves the page (its output cleared or redrawn, its
        notebook closed)."""
        self._views.discard(str(content.get("view")))
        self._views_changed()

    def _views_changed(self) -> None:
        """A view came or went (:meth:`shown`)."""

    @traitlets.observe("comm")
    def _comm_opened(self, change: Any) -> None:
        comm = change["new"]
        on_close = getattr(comm, "on_close", None)
        if callable(on_close):
            on_close(self._comm_closed)

    def _comm_closed(self, _msg: object = None) -> None:
        """The page closed the board's channel to the kernel: no view of it is left."""
        self._greeted = True
        self._views.clear()
        self._views_changed()

    def shown(self) -> bool | None:
        """Whether a page shows the board now: ``None`` until a view of it said hello,
        then whether one is left (a view says bye when its output is cleared or its
        notebook closed; a browser closed or gone says nothing)."""
        return bool(self._views) if self._greeted else None

    INTENTS: ClassVar[Intents] = {"hello": _intent_hello, "bye": _intent_bye}
    """Intent kind -> the method that handles it."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._v = 0  # view version: intents name the view they were made on
        self._said = 0  # message counter: the same sentence twice still reaches the page
        self._page_seen = False  # a page has drawn the board (it greets: "hello")
        self._views: set[str] = set()  # the views in pages now, by the names they gave
        self._greeted = False  # a view has said hello with its name
        self.last_exception: BaseException | None = None
        texts: Texts = {"rules": self._rules(), "glyphs": KIND_GLYPHS}
        self.texts = dict(
            texts
        )  # (a TypedDict is a dict; the trait's annotation wants a plain one)
        self._displays: list[Any] = []  # the outputs showing this widget (display ids)
        self._pictured: Any = None  # what their picture shows
        self._picture_due: float | None = None  # when a waiting refresh is due (loop time)
        self._picture_latest = 0.0  # and when it is due at the latest
        self.on_msg(self._on_msg)

    def _say(
        self, text: str, kind: Literal["info", "error"] = "info", rule: str | None = None
    ) -> None:
        self._said += 1
        message: Message = {"text": text, "kind": kind, "rule": rule, "id": self._said}
        self.message = dict(message)

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self._page_seen = True
        try:
            if not isinstance(content, dict) or not isinstance(content.get("kind"), str):
                raise MalformedInput("An intent is an object with a 'kind'.")
            handler = self.INTENTS.get(content["kind"])
            if handler is None:
                known = ", ".join(sorted(self.INTENTS))
                raise MalformedInput(
                    f"Unknown intent {content['kind']!r}; the intents are {known}."
                )
            handler(self, content)
        except GameError as e:  # a refused move (with its rule), malformed or stale input
            self._say(str(e), "error", e.rule)
            self._publish()
        except Exception as e:  # never a traceback in the notebook
            self.last_exception = e
            self._say(
                f"Something went wrong ({type(e).__name__}: {e}); nothing was changed.", "error"
            )
        finally:
            # every message is answered: a page that hears nothing knows nothing is
            # behind it (a saved notebook reopened, a restarted kernel)
            self.send({"kind": "ack"})

    def _picture(self) -> str:  # pragma: no cover - abstract
        """An SVG picture of what the widget shows now (for readers without a kernel)."""
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and a ``text/html`` picture of its current state for readers
        without a kernel (a saved notebook, ``nbconvert``, a notebook viewer)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data["text/html"] = (
            '<div class="alhambra-widget-picture"><p style="font-family: sans-serif; '
            'font-size: 12px; color: #555">A picture of the board at this point; run the '
            f"notebook to play.</p>{self._picture()}</div>"
        )
        return data, metadata

    def _ipython_display_(self) -> None:
        """Show the widget as an output that keeps its picture current: a notebook saved
        later and reopened without a kernel shows the step the board was at, not the
        step it was displayed at."""
        from IPython.display import display

        data, metadata = self._repr_mimebundle_()
        handle = display(data, metadata=metadata, raw=True, display_id=True)  # type: ignore[no-untyped-call]  # IPython's display() has no annotations
        self._displays.append(handle)
        self._pictured = self._picture_key()

    def _picture_key(self) -> Any:
        """What the picture depends on; None while it is not worth redrawing (a bot is
        about to move)."""
        return self._v

    def _refresh_pictures(self) -> None:
        key = self._picture_key()
        if not self._displays or key is None or key == self._pictured:
            return
        self._pictured = key
        data, metadata = self._repr_mimebundle_()
        for handle in self._displays:
            handle.update(data, metadata=metadata, raw=True)

    def _picture_soon(self) -> None:
        """Refresh the output's picture once the board has been quiet a moment, not with
        each change: a new picture makes the notebook draw the output anew (the page lays
        the whole board out again), which, arriving with a new view, delayed the frame
        showing the change (by 2-3 ms at a 6-player table, more at the slowest steps). It
        comes ``PICTURE_AFTER_S`` after the last of a run of changes (clicks, a bot's
        moves), at most ``PICTURE_AT_MOST_S`` after the first, and at the latest at the
        end of the running cell (a notebook run from start to end, then saved, shows the
        board as it is). Without an event loop (plain Python), at once."""
        if not self._displays:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop in this thread: nothing would run it later
            self._refresh_pictures()
            return
        now = loop.time()
        if self._picture_due is not None:  # a run of changes: wait for its end
            self._picture_due = min(now + PICTURE_AFTER_S, self._picture_latest)
            return
        self._picture_due = now + PICTURE_AFTER_S
        self._picture_latest = now + PICTURE_AT_MOST_S
        loop.call_later(PICTURE_AFTER_S, self._picture_timer)
        shell = _ipython()
        if shell is not None:
            shell.events.register("post_execute", self._picture_now)

    def _picture_timer(self) -> None:
        """The wait of :meth:`_picture_soon` is over, unless a change came meanwhile."""
        due = self._picture_due
        if due is None:  # (the end of the cell came first)
            return
        loop = asyncio.get_running_loop()
        if due - loop.time() > 0.01:
            loop.call_at(due, self._picture_timer)
        else:
            self._picture_now()

    def _picture_now(self) -> None:
        """The refresh :meth:`_picture_soon` put off (once, whichever comes first)."""
        shell = _ipython()
        if shell is not None and self._picture_now in shell.events.callbacks["post_execute"]:
            shell.events.unregister("post_execute", self._picture_now)
        if self._picture_due is not None:
            self._picture_due = None
            if getattr(self, "comm", None) is not None:  # (not once the board is closed)
                self._refresh_pictures()

    def _publish(self) -> None:
        self._v += 1
        self.view = dict(self._build())
        self._picture_soon()

    def _rules(self) -> dict[str, str]:
        return RULES

    def _build(self) -> View:  # pragma: no cover - abstract
        """The view model, version ``self._v``."""
        raise NotImplementedError

    def to_html(self, path: str | pathlib.Path | None = None, title: str = "Alhambra") -> str:
        """A standalone HTML page (no server, no network) showing the current state,
        read-only. Written to ``path`` if given; the HTML text is returned."""
        js = (STATIC / "widget.js").read_text()
        css = (STATIC / "widget.css").read_text()
        extra = {
            k: getattr(self, k)
            for k in ("show_walls", "show_all_money", "show_coords")
            if self.has_trait(k)
        }
        state = json.dumps(
            {"view": self.view, "texts": self.texts, "message": {}, "autoplay_bots": False, **extra}
        )
        state = state.replace("</", "<\\/")
        page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
:root {{ --jp-layout-color0:#fff; --jp-layout-color1:#fff; --jp-layout-color2:#eee;
  --jp-ui-font-color0:#000; --jp-ui-font-color1:#222; --jp-ui-font-color2:#555;
  --jp-border-color1:#bbb; --jp-brand-color1:#1976d2; --jp-error-color1:#d32f2f;
  --jp-success-color1:#388e3c; --jp-warn-color1:#f57c00;
  --jp-ui-font-family: system-ui, sans-serif; --jp-ui-font-size1: 13px; }}
body {{ font-family: var(--jp-ui-font-family); margin: 1rem; background: var(--jp-layout-color0); }}
{css}
</style></head><body>
<div id="app"></div>
<script type="module">
{js}
const state = {state};
const listeners = {{}};
const model = {{
  get: (k) => state[k],
  set: (k, v) => {{ state[k] = v; }},
  on: (ev, fn) => {{ (listeners[ev] = listeners[ev] || []).push(fn); }},
  off: () => {{}},
  send: (m) => {{ setTimeout(() => (listeners["msg:custom"] || []).forEach((f) => f({{kind: "ack"}})));
                 if (m.kind === "hello") return;
                 state.message = {{text: "This page is a snapshot: it cannot play.", kind: "info", id: Date.now()}};
                 (listeners["change:message"] || []).forEach((f) => f()); }},
  save_changes: () => {{}},
}};
widget.render({{ model, el: document.getElementById("app") }});
</script></body></html>
"""
        # the bundle is an ES module ending in `export{X as default}`: bind it locally
        page = re.sub(
            r"export\s*\{\s*([\w$]+) as default\s*\};?", r"const widget = \1;", page, count=1
        )
        page = page.replace("export default", "const widget =", 1)
        if path is not None:
            pathlib.Path(path).write_text(page, encoding="utf-8")
        return page


def _ipython() -> Any:
    """The IPython shell this runs in, or None."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebook
        return None
    return get_ipython()

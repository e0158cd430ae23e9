"""The anywidget components: :class:`AlhambraWidget` (a game), :class:`SandboxWidget`
(one Alhambra on its own) and :class:`GardensWidget`.

A widget publishes a JSON view model (``view``) and accepts intents from the browser
(custom messages), each handled by the method its class's ``INTENTS`` table names.
Every intent is validated; a bad one puts a sentence in ``message`` and changes
nothing. The Python objects are the truth: ``w.game`` is the live game, and an
action applied to it in Python shows at once.
"""

from __future__ import annotations

import html
import json
import pathlib
import re
import sys
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from .alhambra.actions import Action
from .alhambra.components import Tile, building_tiles
from .alhambra.game import Game
from .alhambra.grid import Alhambra
from .alhambra.strong import hints, review
from .alhambra.svg import KIND_GLYPHS, alhambra_svg, game_svg
from .alhambra.view import RULES, explain_cell, game_view, sandbox_view
from .course import catalog
from .course.view import course_view
from .errors import GameError, MalformedInput
from .ismcts import Decision, Hint
from .lessons import Attempt, Lesson, Progress, Verdict
from .session import Session

STATIC = pathlib.Path(__file__).parent / "static"
Intents = dict[str, Callable[[Any, dict[str, Any]], None]]


class _Base(anywidget.AnyWidget):
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

    def _intent_hello(self, _content: dict[str, Any]) -> None:
        """The page greets the kernel when it draws the board (the reply is the
        acknowledgement every message gets)."""

    INTENTS: ClassVar[Intents] = {"hello": _intent_hello}
    """Intent kind -> the method that handles it."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._v = 0  # view version: intents name the view they were made on
        self._said = 0  # message counter: the same sentence twice still reaches the page
        self.last_exception: BaseException | None = None
        self.texts = {"rules": self._rules(), "glyphs": KIND_GLYPHS}
        self._displays: list[Any] = []  # the outputs showing this widget (display ids)
        self._pictured: Any = None  # what their picture shows
        self.on_msg(self._on_msg)

    def _say(self, text: str, kind: str = "info", rule: str | None = None) -> None:
        self._said += 1
        self.message = {"text": text, "kind": kind, "rule": rule, "id": self._said}

    def _on_msg(self, _widget, content, _buffers) -> None:
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
        self._displays.append(display(data, metadata=metadata, raw=True, display_id=True))
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

    def _publish(self) -> None:
        self._v += 1
        view = self._build()
        view["v"] = self._v
        self.view = view
        self._refresh_pictures()

    def _rules(self) -> dict:
        return RULES

    def _build(self) -> dict:  # pragma: no cover - abstract
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


class _SessionWidget(_Base):
    """A widget over a :class:`Session` (a game, seats, a timeline): the Python API
    and the intents both games share. Subclasses give ``_parse_action``."""

    autoplay_bots = traitlets.Bool(True).tag(sync=True)
    bot_delay = traitlets.Float(0.6).tag(sync=True)
    show_all_money = traitlets.Bool(False).tag(sync=True)
    seen_steps = traitlets.Int(0).tag(sync=True)
    """The number of steps in the game when the page last drew it. The page sets it
    after every move, so a host that re-runs cells when the page changes a trait
    (marimo's ``mo.ui.anywidget``) sees each move; Python never sets it."""

    session: Session

    hints_enabled = traitlets.Bool(True).tag(sync=True)
    """Offer the hint button to the person to move (a lesson or a teacher turns it off)."""
    hint_playouts = traitlets.Int(400)
    """Simulations of the search behind a hint."""
    review_playouts = traitlets.Int(120)
    """Simulations per decision of a game review."""

    # -- hints ----------------------------------------------------------------------
    @traitlets.observe("hints_enabled")
    def _hints_toggled(self, _change: Any) -> None:
        if hasattr(self, "session"):
            self._publish()

    def _person_to_move(self) -> bool:
        s = self.session
        return s.live and not s.game.is_over and not s.bot_to_move()

    def _search_in_background(
        self, name: str, total: int, work: Callable[[Callable[[int], bool]], dict[str, Any]]
    ) -> None:
        """Run ``work(progress)`` (a search) without freezing the board: in a thread of
        the kernel, which keeps answering the page, with its progress shown as panel
        ``name``. Its answer is dropped if it was cancelled or the game moved on."""
        at = self._position()
        self._panel_at[name] = at
        self._panels[name] = {"state": "running", "done": 0, "total": total}
        self._publish()
        last = [time.perf_counter()]

        def progress(done: int) -> bool:
            if self._panel_at.get(name) != at:
                return True  # cancelled, or the game moved on: stop searching
            if time.perf_counter() - last[0] > 0.25:
                last[0] = time.perf_counter()
                self._panels[name] = {"state": "running", "done": done, "total": total}
                self._publish()
            return False

        def run() -> None:
            result = work(progress)
            if self._panel_at.get(name) == at and self._position() == at:
                self._panels[name] = {"state": "done", **result}
                self._publish()

        if sys.platform == "emscripten":  # no threads in Pyodide: the board waits
            run()
        else:
            threading.Thread(target=run, name=f"alhambra-{name}", daemon=True).start()

    def _close_panel(self, name: str) -> None:
        self._panels.pop(name, None)
        self._panel_at.pop(name, None)
        self._publish()

    def _intent_hint(self, content: dict[str, Any]) -> None:
        if content.get("cancel"):
            self._close_panel("hint")
            return
        self._check_version(content)
        if not self.hints_enabled:
            raise GameError("Hints are turned off for this board.")
        if not self._person_to_move():
            raise GameError("A hint is for the person to move, at the live end of the game.")
        game = self.session.game.copy()
        n = self.hint_playouts

        def work(progress: Callable[[int], bool]) -> dict[str, Any]:
            return {"moves": [h.to_dict() for h in self._hint_search(game, n, progress)]}

        self._search_in_background("hint", n, work)

    @staticmethod
    def _hint_search(game: Any, playouts: int, progress: Callable[[int], bool]) -> list[Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- game review ------------------------------------------------------------------
    def review(self, player: str | None = None, playouts: int | None = None) -> list[Decision]:
        """Each decision of ``player`` (default: the person at the screen) weighed
        against the search bot's choice, from what the player could see then (see
        :func:`~.ismcts.review_decisions`). Sort by ``loss`` for the biggest mistakes."""
        n = playouts or self.review_playouts
        return self._review_search(self.session.game, player or self._reviewed(), n, None)

    def _reviewed(self) -> str:
        people = [p.name for p in self.game.players if self.session.seats.get(p.name) is None]
        if not people:
            raise GameError("Nobody at the screen plays this game: name the player to review.")
        return people[0]

    def _intent_review(self, content: dict[str, Any]) -> None:
        if content.get("cancel"):
            self._close_panel("review")
            return
        self._check_version(content)
        player = self._reviewed()
        game = self.session.game.copy()
        n = sum(1 for m, _ in game.movers if game.players[m].name == player)
        playouts = self.review_playouts

        def work(progress: Callable[[int], bool]) -> dict[str, Any]:
            found = self._review_search(game, player, playouts, lambda d, _t: progress(d))
            worst = sorted(found, key=lambda d: -d.loss)[:5]
            return {
                "player": player,
                "decisions": len(found),
                "mean_loss": round(sum(d.loss for d in found) / max(1, len(found)), 3),
                "big": sum(1 for d in found if d.loss > 0.1),
                "mistakes": [d.to_dict() for d in worst if d.loss > 0.02],
            }

        self._search_in_background("review", n, work)

    @staticmethod
    def _review_search(
        game: Any, player: str, playouts: int, progress: Callable[[int, int], bool | None] | None
    ) -> list[Decision]:  # pragma: no cover - abstract
        raise NotImplementedError

    _publishing = threading.RLock()  # a search publishes from its own thread

    def _start(self, game, seats) -> None:
        # searches shown on the board ("hint", "review"): their progress or result,
        # and the game position each is for (gone when the game moves on)
        self._panels: dict[str, dict[str, Any]] = {}
        self._panel_at: dict[str, Any] = {}
        self._action_observers: list[Any] = []
        self._observed: Any = None
        self._last_act: str | None = None  # the last click applied (v, action, resolve)
        self._acting = False  # a click of this page is being applied
        self._board_at: Any = None  # the game's position when the page was last drawn
        self.session = Session(game, seats or {})
        self.session.add_listener(self._publish)

    @staticmethod
    def _parse_action(data):  # pragma: no cover - abstract
        raise NotImplementedError

    # -- Python API ------------------------------------------------------------
    @property
    def game(self):
        """The live game."""
        return self.session.game

    @game.setter
    def game(self, game) -> None:
        names = [p.name for p in game.players]
        self.session.set_game(game, {n: k for n, k in self.seats.items() if n in names})

    @property
    def seats(self) -> dict[str, str]:
        return {n: self.session.seat_kind(n) for n in self.session.seats}

    @property
    def step(self) -> int:
        """The step shown on the timeline."""
        return self.session.step

    def goto(self, step: int) -> None:
        """Show the game after ``step`` actions (a past state is a view)."""
        self.session.goto(step)

    def first(self) -> None:
        self.goto(0)

    def last(self) -> None:
        self.goto(len(self.game.history))

    def prev(self) -> None:
        self.goto(self.step - 1)

    def next(self) -> None:
        self.goto(self.step + 1)

    def act(self, action, resolve: str | None = None):
        """Apply ``action`` as the player to move (see :meth:`Session.act`)."""
        return self.session.act(action, resolve=resolve)

    def run_bots(self, max_steps: int = 10_000) -> int:
        """Let the bots play now (no delay) until a person is to move."""
        return self.session.run_bots(max_steps)

    def on_action(self, fn) -> None:
        """Call ``fn(action, events)`` whenever an action is applied to the game the
        widget shows (from a click, a bot, or Python); a game set later replaces the
        one observed."""
        self._action_observers.append(fn)
        if self._observed is None:
            self._observed = self.session.game
            self._observed.add_listener(self._forward)
            self.session.add_listener(self._rebind)

    def _forward(self, game, action, events) -> None:
        if action is not None and game is self.session.game:
            for fn in list(self._action_observers):
                fn(action, events)

    def _rebind(self) -> None:
        if self._observed is not None and self._observed is not self.session.game:
            self._observed.remove_listener(self._forward)
            self._observed = self.session.game
            self._observed.add_listener(self._forward)

    @traitlets.observe("show_all_money")
    def _money_toggled(self, _change) -> None:
        if hasattr(self, "session"):
            self._publish()

    # -- intents --------------------------------------------------------------------
    def _check_version(self, content) -> None:
        if content.get("v") != self._v:
            raise GameError(
                "The board changed before your click arrived; nothing was done. Try again."
            )

    def _intent_act(self, content) -> None:
        key = json.dumps([content.get("v"), content.get("action"), content.get("resolve")],
                         sort_keys=True, default=str)  # fmt: skip
        if content.get("v") != self._v and key == self._last_act:
            return  # the same click again (a double click): it was done, nothing to say
        self._check_version(content)
        action = self._parse_action(content.get("action"))
        resolve = content.get("resolve")
        if resolve not in (None, "branch", "undo"):
            raise MalformedInput("resolve is 'branch', 'undo' or absent.")
        self._acting = True
        try:
            events = self.session.act(action, resolve=resolve)
        finally:
            self._acting = False
        self._last_act = key
        self._say(" ".join(e.text for e in events[:3]) or str(action), "info")

    def _intent_bot(self, content) -> None:
        # an automatic tick, not a click: when another view (or widget on the same
        # game) has already moved, it is simply dropped
        if content.get("v") != self._v or not self.session.bot_to_move():
            return
        self.session.bot_step()

    def _intent_goto(self, content) -> None:
        self.session.goto(content.get("step"))

    def _intent_undo(self, content) -> None:
        self._check_version(content)
        self.session.goto(len(self.game.history))
        n = self.session.undo()
        self._say(
            "Your last decision was taken back"
            + (f", with the {n - 1} bot action{'s' if n > 2 else ''} after it." if n > 1 else ".")
        )

    @property
    def variations(self) -> Any:
        """The game's tree of lines (:class:`~alhambra_widget.variations.Variations`):
        acting from a past step branches off a new line; ``w.session.line(i)`` is a
        line as a game, ``switch``, ``promote`` and ``delete_line`` edit the tree, and
        ``w.session.to_json()`` saves the game with it."""
        return self.session.variations

    def _compare_with(self, i: int) -> None:
        """The page asks to compare line ``i`` with the line being played: shown as a
        panel (gone when the game moves on)."""
        if not hasattr(self, "compare_lines"):
            raise GameError("Lines are compared with the what-if tools of Alhambra.")
        me = self.session.variations.current
        c = self.compare_lines(me, i)
        self._panels["compare"] = {"state": "done", "a": me, "b": i, "round": c.round,
                                   "totals": {n: list(t) for n, t in c.totals().items()}}  # fmt: skip
        self._panel_at["compare"] = self._position()
        self._publish()

    def _intent_line(self, content: dict[str, Any]) -> None:
        what, i = content.get("do"), content.get("line")
        if type(i) is not int:
            raise MalformedInput("A line is a whole number.")
        ops = {"switch": self.session.switch, "promote": self.session.promote,
               "delete": self.session.delete_line, "compare": self._compare_with}  # fmt: skip
        if what not in ops:
            raise MalformedInput("A line intent does 'switch', 'promote', 'delete' or 'compare'.")
        ops[what](i)

    def undo(self) -> int:
        """Take back the last decision of a person, and the bot actions after it (see
        :meth:`Session.undo`); returns how many actions were taken back."""
        return self.session.undo()

    def _publish(self) -> None:
        with self._publishing:
            # a sentence about the page's own last click goes stale once anything else
            # moves the game (a bot, Python): the strip of the last moves says what happened
            at = self._position()
            if at != self._board_at and not self._acting and self.message:
                self.message = {}
            self._board_at = at
            for name in [k for k, v in self._panel_at.items() if v != at]:
                self._panels.pop(name, None)  # a search for a position that is gone
                self._panel_at.pop(name, None)
            super()._publish()

    def _position(self) -> Any:
        """Where the game is (not the timeline, which is only a view): which game, how
        many actions, the last one."""
        h = self.session.game.history
        return (id(self.session.game), len(h), h[-1] if h else None)

    def _picture_key(self) -> Any:
        if self.session.bot_to_move() and self.autoplay_bots:
            return None  # the bots play on: redraw once a person is to move
        return self._position()

    def _session_view(self, build, **kw) -> dict:
        s = self.session
        view = build(
            s.shown(), live=s.live, step=s.step, steps=len(s.game.history),
            seats={n: s.seat_kind(n) for n in s.seats}, **kw,
        )  # fmt: skip
        view["bot_to_move"] = s.bot_to_move()
        view["lines"] = s.variations.describe()
        view["hint"] = self._panels.get("hint") if self.hints_enabled else None
        view["hint_allowed"] = bool(self.hints_enabled and self._person_to_move())
        view["compare"] = self._panels.get("compare")
        view["review"] = self._panels.get("review")
        return view

    INTENTS: ClassVar[Intents] = {
        **_Base.INTENTS,
        "hint": _intent_hint,
        "act": _intent_act,
        "bot": _intent_bot,
        "goto": _intent_goto,
        "undo": _intent_undo,
        "line": _intent_line,
        "review": _intent_review,
    }


def _free_palette(palette: list[Tile], a: Alhambra) -> list[Tile]:
    used = set(a.tiles.values())
    return [t for t in palette if t not in used]


def _cell_of(content: dict[str, Any]) -> tuple[int, int]:
    pos = content.get("pos")
    if not isinstance(pos, list) or len(pos) != 2:
        raise MalformedInput("A cell is [x, y].")
    return (pos[0], pos[1])


def _sb_place(a: Alhambra, palette: list[Tile], content: dict[str, Any]) -> str:
    tile = Tile.parse(content.get("tile"))
    if tile not in palette:
        raise MalformedInput(f"{tile} is not in the palette.")
    pos = _cell_of(content)
    a.place(tile, pos)
    return f"{tile} built at ({pos[0]}, {pos[1]})."


def _sb_remove(a: Alhambra, content: dict[str, Any]) -> str:
    pos = _cell_of(content)
    t = a.remove(pos)
    return f"{t} removed from ({pos[0]}, {pos[1]})."


class AlhambraWidget(_SessionWidget):
    """Play, step through and poke at an Alhambra game.

    ``AlhambraWidget(game)`` or ``AlhambraWidget(players=[...], seed=...)`` shows a game;
    ``seats={"Ben": "strong"}`` makes seats bots (``"random"``, ``"greedy"``, the
    search bot's levels ``"easy"``, ``"medium"``, ``"strong"``, or a bot object). A player's Alhambra can be copied into a sandbox inside the widget: any
    tile of ``palette`` (default: the 54 real tiles), rules checked, nothing bought.
    One Alhambra on its own is a :class:`SandboxWidget`.
    """

    show_walls = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        game: Game | None = None,
        *,
        players: list[str] | None = None,
        seed: int | None = None,
        seats: dict[str, Any] | None = None,
        palette: list[Tile] | None = None,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        if game is None:
            game = Game(players or ["Ann", "Ben", "Cem"], seed=seed)
        self.palette = list(palette) if palette is not None else list(building_tiles())
        self._sandbox: tuple[int, Alhambra] | None = None
        self._start(game, seats)
        self._publish()

    def hints(self, k: int = 3, playouts: int | None = None) -> list[Hint]:
        """The search bot's ``k`` best moves for the person to move, with the estimated
        chance to win and the reasons (see :func:`~.alhambra.strong.hints`)."""
        g = self.session.game
        return hints(g, playouts=playouts or self.hint_playouts, seed=len(g.history), k=k)

    @staticmethod
    def _hint_search(game: Any, playouts: int, progress: Callable[[int], bool]) -> list[Hint]:
        return hints(game, playouts=playouts, seed=len(game.history), progress=progress)

    def compare_lines(self, a: int, b: int, round: int | None = None) -> Any:
        """Lines ``a`` and ``b`` of the variation tree side by side, with the what-if
        tools: what scoring round ``round`` (default: the next one due at the end of
        line ``a``) gives at the end of each (a :class:`~alhambra_widget.whatif.Comparison`)."""
        from .whatif import Position, compare

        pa = Position.from_game(self.session.line(a))
        pb = Position.from_game(self.session.line(b))
        return compare(pa, pb, round or pa.next_round)

    @staticmethod
    def _review_search(
        game: Any, player: str, playouts: int, progress: Callable[[int, int], bool | None] | None
    ) -> list[Decision]:
        return review(game, player, playouts=playouts, progress=progress)

    # -- the view -----------------------------------------------------------------
    def _build(self) -> dict[str, Any]:
        view = self._session_view(game_view, show_all_money=self.show_all_money)
        if self._sandbox is not None:
            i, a = self._sandbox
            view["sandbox"] = {"player": i, **sandbox_view(a, _free_palette(self.palette, a))}
        return view

    @staticmethod
    def _parse_action(data: object) -> Action:
        return Action.from_json(data)

    def _picture(self) -> str:
        return game_svg(self.session.shown())

    # -- intents of the Alhambra board -------------------------------------------------
    def _intent_explain(self, content: dict[str, Any]) -> None:
        i = content.get("player")
        if content.get("sandbox"):
            a = self._open_sandbox()
        elif type(i) is int and 0 <= i < len(self.game.players):
            a = self.session.shown().players[i].alhambra
        else:
            raise MalformedInput("explain needs a player index.")
        self._say(explain_cell(a, content.get("tile"), content.get("pos")), "info")

    def _intent_explain_removal(self, content: dict[str, Any]) -> None:
        pos = _cell_of(content)
        a = self.session.shown().current_player.alhambra
        v = a.why_not_removable(pos)
        self._say("That tile may go to the reserve." if v is None else str(v), "info")

    def _open_sandbox(self) -> Alhambra:
        if self._sandbox is None:
            raise MalformedInput("Open a sandbox first.")
        return self._sandbox[1]

    def _intent_sandbox(self, content: dict[str, Any]) -> None:
        i = content.get("player")
        if i is None:
            self._sandbox = None
            self._say("Sandbox closed; the game is as it was.")
        elif type(i) is int and 0 <= i < len(self.game.players):
            self._sandbox = (i, self.session.shown().players[i].alhambra.copy())
            self._say(
                f"Sandbox: a copy of {self.game.players[i].name}'s Alhambra. Any tile, rules checked, nothing bought."
            )
        else:
            raise MalformedInput("sandbox needs a player index or null.")
        self._publish()

    def _intent_sb_place(self, content: dict[str, Any]) -> None:
        self._say(_sb_place(self._open_sandbox(), self.palette, content))
        self._publish()

    def _intent_sb_remove(self, content: dict[str, Any]) -> None:
        self._say(_sb_remove(self._open_sandbox(), content))
        self._publish()

    INTENTS: ClassVar[Intents] = {
        **_SessionWidget.INTENTS,
        "explain": _intent_explain,
        "explain_removal": _intent_explain_removal,
        "sandbox": _intent_sandbox,
        "sb_place": _intent_sb_place,
        "sb_remove": _intent_sb_remove,
    }

    def __repr__(self) -> str:
        return f"AlhambraWidget({self.game!r}, step {self.step})"


class SandboxWidget(_Base):
    """One Alhambra on its own: any tile of ``palette`` (default: the 54 real tiles) may
    be built wherever the building rules allow (R7), and removed again (R8).
    ``w.alhambra`` is the live Alhambra."""

    show_walls = traitlets.Bool(True).tag(sync=True)

    def __init__(
        self,
        alhambra: Alhambra | None = None,
        *,
        palette: list[Tile] | None = None,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        self.alhambra = alhambra if alhambra is not None else Alhambra()
        self.palette = list(palette) if palette is not None else list(building_tiles())
        self._publish()

    def place(self, tile: Tile | str, pos: tuple[int, int]) -> None:
        """Build ``tile`` (from the palette) at ``pos``, as a click would (R7 checked)."""
        name = tile.name if isinstance(tile, Tile) else tile
        self._intent_sb_place({"tile": name, "pos": list(pos)})

    def _picture(self) -> str:
        return alhambra_svg(self.alhambra)

    def _build(self) -> dict[str, Any]:
        return {
            "mode": "alhambra",
            "sandbox": sandbox_view(self.alhambra, _free_palette(self.palette, self.alhambra)),
        }

    def _intent_explain(self, content: dict[str, Any]) -> None:
        self._say(explain_cell(self.alhambra, content.get("tile"), content.get("pos")), "info")

    def _intent_sb_place(self, content: dict[str, Any]) -> None:
        self._say(_sb_place(self.alhambra, self.palette, content))
        self._publish()

    def _intent_sb_remove(self, content: dict[str, Any]) -> None:
        self._say(_sb_remove(self.alhambra, content))
        self._publish()

    INTENTS: ClassVar[Intents] = {
        **_Base.INTENTS,
        "explain": _intent_explain,
        "sb_place": _intent_sb_place,
        "sb_remove": _intent_sb_remove,
    }

    def __repr__(self) -> str:
        return f"SandboxWidget({self.alhambra!r})"


class CourseWidget(_Base):
    """The course in the board: a course map with each lesson's stars, the lesson's
    goal and start position, and the board to answer on. The engine judges every try
    (:mod:`alhambra_widget.lessons`); hints come one at a time; stars are kept in a
    small JSON file (:class:`~alhambra_widget.lessons.Progress`).

    ``CourseWidget()`` opens the whole course where the learner left off;
    ``CourseWidget(chapter="building")`` one chapter; ``lesson="find-R7c"`` one lesson.
    From Python: ``w.lesson`` (the :class:`~alhambra_widget.lessons.Lesson`),
    ``w.attempt`` (tries, hints, stars), ``w.answer({...})``, ``w.hint()``,
    ``w.goto(...)``, ``w.next()``, ``w.prev()``, ``w.progress``."""

    show_coords = traitlets.Bool(True).tag(sync=True)

    def __init__(
        self,
        chapter: str | None = None,
        *,
        lesson: str | None = None,
        progress: Progress | str | pathlib.Path | None = None,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        self.lessons = catalog.chapter(chapter) if chapter else list(catalog.LESSONS)
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        ids = [les.id for les in self.lessons]
        if lesson is None:
            if self.progress.at in ids:
                lesson = self.progress.at
            else:  # the first lesson without stars, else the first
                lesson = next((i for i in ids if not self.progress.stars.get(i)), ids[0])
        self.attempt: Attempt = self.lessons[self._index(lesson)].attempt()
        self._publish()

    def _index(self, which: str | int) -> int:
        ids = [les.id for les in self.lessons]
        if isinstance(which, int) and not isinstance(which, bool):
            if not 0 <= which < len(ids):
                raise MalformedInput(f"There are {len(ids)} lessons here; {which} is not one.")
            return which
        if which not in ids:
            raise MalformedInput(f"No lesson {which!r} here; the lessons are {ids}.")
        return ids.index(str(which))

    @property
    def lesson(self) -> Lesson:
        return self.attempt.lesson

    def goto(self, which: str | int) -> None:
        """Open a lesson (its id or its index in the course map), from the start."""
        self.attempt = self.lessons[self._index(which)].attempt()
        self.progress.visit(self.lesson.id)
        self._publish()

    def next(self) -> None:
        self.goto(min(len(self.lessons) - 1, self._index(self.lesson.id) + 1))

    def prev(self) -> None:
        self.goto(max(0, self._index(self.lesson.id) - 1))

    def answer(self, payload: dict[str, Any]) -> Verdict:
        """Answer as a click would (``{"cell": [x, y]}``, ``{"take": [...]}``,
        ``{"buy": "denar", "cards": [...]}``, ``{"numbers": {...}}``,
        ``{"choice": "Ben"}``); the engine's verdict."""
        v = self.attempt.answer(payload)
        if self.attempt.solved:
            self.progress.record(self.lesson.id, self.attempt.stars)
        self._publish()
        return v

    def hint(self) -> str | None:
        h = self.attempt.hint()
        self._publish()
        return h

    def _picture(self) -> str:
        les = self.lesson
        body = f"<b>{html.escape(les.title)}</b> ({', '.join(les.rules)}): {html.escape(les.goal)}"
        if "alhambra" in les.start:
            body += alhambra_svg(les.alhambra())
        return f"<div style='font-family: sans-serif'>{body}</div>"

    def _build(self) -> dict[str, Any]:
        return course_view(self.lessons, self.attempt, self.progress)

    def _intent_lesson(self, content: dict[str, Any]) -> None:
        which = content.get("lesson")
        if not isinstance(which, (int, str)):
            raise MalformedInput("A lesson is named by its id or its index.")
        self.goto(which)

    def _intent_answer(self, content: dict[str, Any]) -> None:
        if content.get("v") not in (None, self._v):
            return  # made on a board that has changed since
        answer = content.get("answer")
        if not isinstance(answer, dict):
            raise MalformedInput("An answer is an object, like {'cell': [x, y]}.")
        self.answer(answer)

    def _intent_hint(self, content: dict[str, Any]) -> None:
        self.hint()

    def _intent_reset(self, content: dict[str, Any]) -> None:
        self.attempt.reset()
        self._publish()

    INTENTS: ClassVar[Intents] = {
        **_Base.INTENTS,
        "lesson": _intent_lesson,
        "answer": _intent_answer,
        "hint": _intent_hint,
        "reset": _intent_reset,
    }

    def __repr__(self) -> str:
        return f"CourseWidget({self.lesson!r}, {self.attempt.stars} stars)"


class GardensWidget(_SessionWidget):
    """The Gardens of the Alhambra: the board of octagonal gardens and diamond
    buildings, the tile in hand (turned by clicks or the R key), legal fields
    highlighted, every scoring explained on the board, the timeline and bots.

    ``GardensWidget(game)`` or ``GardensWidget(players=[...], seed=..., seats={...})``;
    further keywords are game options (``hand_size``, ``two_colours``, ``colours``).
    ``show_all_money`` opens every hand.
    """

    def __init__(self, game=None, *, players=None, seed=None, seats=None, **options):
        from .gardens.game import GardensGame

        widget_kw = {k: options.pop(k) for k in list(options) if k in self.class_trait_names()}
        super().__init__(**widget_kw)
        if game is None:
            game = GardensGame(players or ["Ann", "Ben"], seed=seed, **options)
        self._start(game, seats)
        self._publish()

    hint_playouts = traitlets.Int(150)
    """Simulations of the search behind a hint (a Gardens decision is cheaper to weigh)."""
    review_playouts = traitlets.Int(60)
    """Simulations per lay of a game review."""

    @staticmethod
    def _parse_action(data):
        from .gardens.game import Lay

        return Lay.from_json(data)

    def hints(self, k: int = 3, playouts: int | None = None) -> list[Hint]:
        """The search bot's ``k`` best lays for the person to move (see
        :func:`~.gardens.strong.hints`)."""
        from .gardens.strong import hints as gardens_hints

        g = self.session.game
        return gardens_hints(g, playouts=playouts or self.hint_playouts, seed=g.step, k=k)

    @staticmethod
    def _hint_search(game: Any, playouts: int, progress: Callable[[int], bool]) -> list[Hint]:
        from .gardens.strong import hints as gardens_hints

        return gardens_hints(game, playouts=playouts, seed=game.step, progress=progress)

    @staticmethod
    def _review_search(
        game: Any, player: str, playouts: int, progress: Callable[[int, int], bool | None] | None
    ) -> list[Decision]:
        from .gardens.strong import review as gardens_review

        return gardens_review(game, player, playouts=playouts, progress=progress)

    def _build(self) -> dict:
        from .gardens.view import gardens_view

        return self._session_view(gardens_view, show_all_hands=self.show_all_money)

    def _picture(self) -> str:
        from .gardens.view import gardens_svg

        return gardens_svg(self.session.shown())

    def _rules(self) -> dict:
        from .gardens.view import RULES as GARDEN_RULES

        return GARDEN_RULES

    def __repr__(self) -> str:
        return f"GardensWidget({self.game!r}, step {self.step})"


__all__ = ["AlhambraWidget", "GardensWidget", "SandboxWidget"]

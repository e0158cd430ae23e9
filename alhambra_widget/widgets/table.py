"""The Alhambra game table: :class:`AlhambraWidget`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import traitlets

from ..engine.alhambra.actions import Action, Buy, Place
from ..engine.alhambra.components import Tile, building_tiles
from ..engine.alhambra.game import Game
from ..engine.alhambra.grid import Alhambra
from ..engine.errors import MalformedInput
from ..players.alhambra.strong import anytime_hints, hints, review_weigher, reviews
from ..players.ismcts import Decision, Hint
from ..views.alhambra.svg import game_svg
from ..views.alhambra.view import action_marks, explain_cell, game_view, log_text, sandbox_view
from ..views.contract import DropJson, GameSandbox, GameView, Marks
from .base import Intents

if TYPE_CHECKING:
    from ..whatif import Comparison
from .sandbox import cell_of, free_palette, sandbox_place, sandbox_remove
from .session_widget import SessionWidget


class AlhambraWidget(SessionWidget[Game]):
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
        seats: Mapping[str, object] | None = None,
        palette: list[Tile] | None = None,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        if game is None:
            game = Game(players or ["Ann", "Ben", "Cem"], seed=seed)
        self.palette = list(palette) if palette is not None else list(building_tiles())
        self._sandbox: tuple[int, Alhambra] | None = None
        self._drop: tuple[str, tuple[int, int]] | None = None
        """A tile bought by dropping it from its market slot onto a cell: its name and the cell."""
        self._start(game, seats)
        self._publish()

    def hints(self, k: int = 3, playouts: int | None = None) -> list[Hint]:
        """The search bot's ``k`` best moves for the person to move, with the estimated
        chance to win and the reasons (see :func:`~.alhambra.strong.hints`)."""
        g = self.session.game
        return hints(g, playouts=playouts or self.hint_playouts, seed=len(g.history), k=k)

    def _hint_stages(
        self, game: Game, playouts: int, progress: Callable[[int], bool]
    ) -> Iterator[tuple[list[Hint], int]]:
        return anytime_hints(game, playouts=playouts, seed=len(game.history), progress=progress)

    def _hint_marks(self, action: Action) -> Marks:
        return action_marks(action, paid=True)

    def compare_lines(self, a: int, b: int, round: int | None = None) -> Comparison:
        """Lines ``a`` and ``b`` of the variation tree side by side, with the what-if
        tools: what scoring round ``round`` (default: the next one due at the end of
        line ``a``) gives at the end of each (a :class:`~alhambra_widget.whatif.Comparison`)."""
        from ..whatif import Position, compare

        pa = Position.from_game(self.session.line(a))
        pb = Position.from_game(self.session.line(b))
        return compare(pa, pb, round or pa.next_round)

    def _review_searches(
        self,
        game: Game,
        players: Sequence[str],
        playouts: int,
        progress: Callable[[int, int], bool | None] | None,
    ) -> dict[str, list[Decision]]:
        return reviews(game, players, playouts=playouts, progress=progress)

    def _review_weigher(
        self, playouts: int
    ) -> tuple[Callable[..., list[Any]], Callable[[Any, Any], str]]:
        return review_weigher(playouts)

    # -- the view -----------------------------------------------------------------
    def _build(self) -> GameView:
        return {
            **game_view(
                self.session.shown(), show_all_money=self.show_all_money, **self._shown_kw()
            ),
            **self._session_fields(),
            "sandbox": self._sandbox_json(),
            "dropped": self._pending_drop(),
        }

    def _sandbox_json(self) -> GameSandbox | None:
        if self._sandbox is None:
            return None
        i, a = self._sandbox
        return {"player": i, **sandbox_view(a, free_palette(self.palette, a))}

    def _parse_action(self, data: object) -> Action:
        return Action.from_json(data)

    def _picture(self) -> str:
        return game_svg(self.session.shown())

    # -- a tile dragged from the market onto a cell (R9) -----------------------------------
    def _intent_act(self, content: dict[str, Any]) -> None:
        drop = self._dropped_on(content)
        before = self._drop
        if drop is not None:
            self._drop = drop  # (known to the view drawn once the purchase is applied)
        try:
            super()._intent_act(content)
        except BaseException:
            self._drop = before  # refused: nothing was bought
            raise
        self._place_dropped()

    def _dropped_on(self, content: dict[str, Any]) -> tuple[str, tuple[int, int]] | None:
        """The tile and cell of a purchase made by dropping a market slot's tile on a
        cell (``place``); None without one."""
        if content.get("place") is None:
            return None
        action = self._parse_action(content.get("action"))
        if not isinstance(action, Buy):
            raise MalformedInput("'place' comes with a purchase: the cell its tile is built on.")
        tile = self.session.shown().market[action.currency]
        return None if tile is None else (tile.name, cell_of({"pos": content["place"]}))

    def _place_dropped(self) -> None:
        """Once the turn's actions are over (R9), the tile dropped on a cell is built there
        if the engine allows it; while the turn goes on (an exact payment, R4) it waits.
        Anything else (the turn passed, the tile placed otherwise) forgets the drop."""
        if self._drop is None or not self.session.live:
            return
        name, pos = self._drop
        g = self.session.game
        bought = [t.name for t in g.current_player.bought]
        if g.phase == "act" and name in bought:
            return  # it waits for the turn's end
        self._drop = None
        place = Place(Tile.parse(name), pos)
        if g.phase == "place" and name in bought and g.why_illegal(place) is None:
            self._act_for_page(place)

    def _pending_drop(self) -> DropJson | None:
        """The tile dropped on a cell that waits for the turn's end, for the page to say so."""
        if self._drop is None or not self.session.live:
            return None
        name, pos = self._drop
        g = self.session.game
        if g.phase != "act" or name not in [t.name for t in g.current_player.bought]:
            return None
        return {"tile": name, "cell": f"{pos[0]},{pos[1]}"}

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
        pos = cell_of(content)
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
            name = self.game.players[i].name
            whose = "your" if name == "You" else f"{name}'s"
            self._say(
                f"Sandbox: a copy of {whose} Alhambra. Any tile, rules checked, nothing bought."
            )
        else:
            raise MalformedInput("sandbox needs a player index or null.")
        self._publish()

    def _intent_sb_place(self, content: dict[str, Any]) -> None:
        self._say(sandbox_place(self._open_sandbox(), self.palette, content))
        self._publish()

    def _intent_sb_remove(self, content: dict[str, Any]) -> None:
        self._say(sandbox_remove(self._open_sandbox(), content))
        self._publish()

    def _next_game(self, g: Game) -> Game:
        if not g.is_over:
            raise MalformedInput("A new game starts once this one is over (R12).")
        names = [p.name for p in g.players]
        return Game(names, seed=g.seed + 1, dirk_name=g.dirk_name, dirk_can_win=g.dirk_can_win)

    INTENTS: ClassVar[Intents] = {
        **SessionWidget.INTENTS,
        "act": _intent_act,
        "explain": _intent_explain,
        "explain_removal": _intent_explain_removal,
        "sandbox": _intent_sandbox,
        "sb_place": _intent_sb_place,
        "sb_remove": _intent_sb_remove,
    }

    def _words(self, event: Any) -> str:
        return log_text(event)  # tiles named with their walls in words, as in the log

    def __repr__(self) -> str:
        return f"AlhambraWidget({self.game!r}, step {self.step})"

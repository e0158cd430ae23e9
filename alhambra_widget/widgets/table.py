"""The Alhambra game table: :class:`AlhambraWidget`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import traitlets

from ..engine.alhambra.actions import Action
from ..engine.alhambra.components import Tile, building_tiles
from ..engine.alhambra.game import Game
from ..engine.alhambra.grid import Alhambra
from ..engine.errors import MalformedInput
from ..players.alhambra.strong import hints, reviews
from ..players.ismcts import Decision, Hint
from ..views.alhambra.svg import game_svg
from ..views.alhambra.view import action_marks, explain_cell, game_view, log_text, sandbox_view
from ..views.contract import GameSandbox, GameView, Marks
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
        self._start(game, seats)
        self._publish()

    def hints(self, k: int = 3, playouts: int | None = None) -> list[Hint]:
        """The search bot's ``k`` best moves for the person to move, with the estimated
        chance to win and the reasons (see :func:`~.alhambra.strong.hints`)."""
        g = self.session.game
        return hints(g, playouts=playouts or self.hint_playouts, seed=len(g.history), k=k)

    def _hint_search(self, game: Game, playouts: int, progress: Callable[[int], bool]) -> list[Hint]:
        return hints(game, playouts=playouts, seed=len(game.history), progress=progress)

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
        self, game: Game, players: Sequence[str], playouts: int, progress: Callable[[int, int], bool | None] | None
    ) -> dict[str, list[Decision]]:
        return reviews(game, players, playouts=playouts, progress=progress)

    # -- the view -----------------------------------------------------------------
    def _build(self) -> GameView:
        return {
            **game_view(self.session.shown(), show_all_money=self.show_all_money, **self._shown_kw()),
            **self._session_fields(),
            "sandbox": self._sandbox_json(),
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
            self._say(
                f"Sandbox: a copy of {self.game.players[i].name}'s Alhambra. Any tile, rules checked, nothing bought."
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

    INTENTS: ClassVar[Intents] = {
        **SessionWidget.INTENTS,
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

"""The Gardens of the Alhambra's table: :class:`GardensWidget`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import traitlets

from ..engine.errors import MalformedInput
from ..engine.gardens.game import GardensGame, Lay
from ..players.gardens.strong import hints as gardens_hints
from ..players.gardens.strong import review_weigher
from ..players.gardens.strong import reviews as gardens_reviews
from ..players.ismcts import Decision, Hint
from ..views.contract import GardensView, Marks
from ..views.gardens.view import RULES as GARDEN_RULES
from ..views.gardens.view import gardens_svg, gardens_view, lay_marks
from .session_widget import SessionWidget


class GardensWidget(SessionWidget[GardensGame]):
    """The Gardens of the Alhambra: the board of octagonal gardens and diamond
    buildings, the tile in hand (turned by clicks or the R key), legal fields
    highlighted, every scoring explained on the board, the timeline and bots.

    ``GardensWidget(game)`` or ``GardensWidget(players=[...], seed=..., seats={...})``;
    further keywords are game options (``hand_size``, ``two_colours``, ``colours``).
    ``show_all_money`` opens every hand.
    """

    def __init__(
        self,
        game: GardensGame | None = None,
        *,
        players: list[str] | None = None,
        seed: int | None = None,
        seats: Mapping[str, object] | None = None,
        **options: Any,
    ):
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

    def _parse_action(self, data: object) -> Lay:
        return Lay.from_json(data)

    def hints(self, k: int = 3, playouts: int | None = None) -> list[Hint]:
        """The search bot's ``k`` best lays for the person to move (see
        :func:`~.gardens.strong.hints`)."""

        g = self.session.game
        return gardens_hints(g, playouts=playouts or self.hint_playouts, seed=g.step, k=k)

    def _hint_stages(
        self, game: GardensGame, playouts: int, progress: Callable[[int], bool]
    ) -> Iterator[tuple[list[Hint], int]]:
        # one tree, so a first answer is a small search of its own (a quarter of the
        # budget), then the whole one: the hint it always was, for the same seed
        first = playouts // 4
        if first >= 20:
            yield gardens_hints(game, playouts=first, seed=game.step, progress=progress), first
        yield gardens_hints(game, playouts=playouts, seed=game.step, progress=progress), playouts

    def _hint_marks(self, action: Lay) -> Marks:
        return lay_marks(action)

    def _review_searches(
        self,
        game: GardensGame,
        players: Sequence[str],
        playouts: int,
        progress: Callable[[int, int], bool | None] | None,
    ) -> dict[str, list[Decision]]:
        return gardens_reviews(game, players, playouts=playouts, progress=progress)

    def _review_weigher(
        self, playouts: int
    ) -> tuple[Callable[..., list[Any]], Callable[[Any, Any], str]]:
        return review_weigher(playouts)

    def _next_game(self, g: GardensGame) -> GardensGame:
        if not g.is_over:
            raise MalformedInput("A new game starts once every field is filled (G5).")
        return GardensGame(
            [p.name for p in g.players],
            seed=g.seed + 1,
            hand_size=g.hand_size,
            two_colours=g.two_colours,
            colours={n: list(k) for n, k in g.colours.items()},
        )

    def _build(self) -> GardensView:
        return {
            **gardens_view(
                self.session.shown(), show_all_hands=self.show_all_money, **self._shown_kw()
            ),
            **self._session_fields(),
        }

    def _picture(self) -> str:
        return gardens_svg(self.session.shown())

    def _rules(self) -> dict[str, Any]:
        return GARDEN_RULES

    def __repr__(self) -> str:
        return f"GardensWidget({self.game!r}, step {self.step})"

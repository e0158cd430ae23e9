"""The coach's searches, by game, and the principles of the course it may disagree with.

The Alhambra coach weighs with the search behind the table's hint
(:func:`~alhambra_widget.players.alhambra.strong.hint_search`, seeded by the step as
the hint is), so at the default budget the hint's top move is read off the coach's own
search; the Gardens coach weighs with a bigger search than the Gardens hint and asks the
hint for its top move (cheap: the Gardens hint is small). What a move changes comes from the bots' ``reasons`` and, in the
Alhambra, what it leaves the next player (:func:`~.hinting.leaves`). Nothing here
computes a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.alhambra.actions import Buy, TakeMoney
from ..engine.alhambra.game import Game
from ..engine.gardens.game import GardensGame
from ..players.alhambra.greedy import GreedyBot
from ..players.alhambra.hinting import leaves
from ..players.alhambra.strong import focus, hint_search
from ..players.alhambra.strong import reasons as alhambra_reasons
from ..players.gardens.strong import GardensStrongBot
from ..players.gardens.strong import hints as gardens_hints
from ..players.gardens.strong import reasons as gardens_reasons
from ..players.ismcts import Choice
from ..players.ranking import ranked

Analyse = Callable[[Any, Sequence[Any]], list[Choice]]
"""``analyse(game, include)``: the search's choices, the most tried first."""

_ranker = GreedyBot(0)  # the fixed order of the moves a hint calls about equal


def alhambra_search(playouts: int, shift: int = 0) -> Analyse:
    """The Alhambra coach's search: the hint's (trees of 200, seeded by the number of
    actions so far, plus ``shift``), with the move played included."""

    def analyse(game: Game, include: Sequence[Any]) -> list[Choice]:
        return hint_search(game, playouts=playouts, seed=len(game.history) + shift, include=include)

    return analyse


def alhambra_top(game: Game, choices: list[Choice]) -> Any:
    """The top move of the coach's search in the order a hint shows its moves
    (:func:`~alhambra_widget.players.ranking.ranked`), leaving out a move the hint's
    search would not have tried. At the default budget and seed the coach's search is
    the hint's, so this is the hint's top move."""
    legal = game.legal_actions()
    tried = set(focus(game, legal))
    kept = [c for c in choices if c.action in tried]
    return ranked(kept or choices, _ranker.rank(game, legal))[0][0].action


def alhambra_effects(game: Game, action: Any) -> list[str]:
    """What an Alhambra move changes, in the course's terms: money, majorities, the
    longest wall, the round's points (``reasons``), and what it leaves (``leaves``)."""
    return [*alhambra_reasons(game, action), *leaves(game, action)]


def _money(action: TakeMoney) -> int:
    return sum(c.value for c in action.cards)


def alhambra_principle(game: Game, played: Any, preferred: Any) -> str | None:
    """The principle of the course the played move follows and the preferred one does
    not, and why this position is the exception: an exact payment (R4), taking as
    much money as one action allows (R5). None otherwise."""
    exact = type(played) is Buy and game.is_exact(played)
    if exact and not (type(preferred) is Buy and game.is_exact(preferred)):
        return (
            "The course teaches that paying exactly is worth a lot: it gives another "
            "action (R4). Here is an exception: what only the search's move does, above, "
            "is worth more in this position than the extra action."
        )
    if (
        type(played) is TakeMoney
        and type(preferred) is TakeMoney
        and _money(played) > _money(preferred)
    ):
        return (
            "The course teaches to take as much money as one action allows (R5). Here is "
            "an exception: the cards the search's move takes, and what it leaves for the "
            "next player, above, are worth more in this position than the extra money."
        )
    return None


def gardens_search(playouts: int, tree: int, shift: int = 0) -> Analyse:
    """The Gardens coach's search: ``playouts`` simulations in trees of at most
    ``tree``, merged, seeded by the step (plus ``shift``), the lay played included."""
    trees = max(1, -(-playouts // tree))

    def analyse(game: GardensGame, include: Sequence[Any]) -> list[Choice]:
        bot = GardensStrongBot(game.step + shift, playouts=playouts, trees=trees)
        return bot.analyse(game, include=include)

    return analyse


def gardens_top(hint_playouts: int) -> Callable[[GardensGame, list[Choice]], Any]:
    """The Gardens hint's top lay, asked of the hint itself (its own budget and seed)."""

    def top(game: GardensGame, choices: list[Choice]) -> Any:
        return gardens_hints(game, playouts=hint_playouts, seed=game.step, k=1)[0].action

    return top


def gardens_effects(game: GardensGame, lay: Any) -> list[str]:
    """What a lay scores at once (the engine's preview, G4)."""
    return gardens_reasons(game, lay)

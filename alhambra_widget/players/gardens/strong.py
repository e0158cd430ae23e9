"""The Gardens search bot: the same information-set search as Alhambra's
(:mod:`alhambra_widget.players.ismcts`), from :meth:`GardensGame.determinize` (the other hands
and the supply redrawn), focused on the greedy bot's favourite lays."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor

from ...engine.gardens.game import GardensGame, Lay
from ..ismcts import Choice, Decision, Hint, SearchBot, margin_chances
from ..parallel import parallel_review, parallel_search
from ..ranking import ranked
from .greedy import GreedyGardensBot

LEVELS = {"easy": 40, "medium": 150, "strong": 400}
FOCUS = 8
_ranker = GreedyGardensBot(0)


def focus(game: GardensGame, legal: list[Lay]) -> list[Lay]:
    """The lays the search considers: all of them, or the greedy bot's ``FOCUS`` favourites."""
    return legal if len(legal) <= FOCUS else _ranker.rank(game, legal)[:FOCUS]


def rollout_policy(game: GardensGame, rng: random.Random) -> Lay:
    """A playout's lay: mostly the greedy bot's favourite, else a random legal one."""
    legal = game.legal_actions()
    if len(legal) > 1 and rng.random() < 0.7:
        return _ranker.rank(game, legal)[0]
    return legal[rng.randrange(len(legal))]


def evaluate(game: GardensGame) -> list[float]:
    """Each seat's chance to win: the result once the game is over, else from the point margins."""
    if game.is_over:
        w = game.winners
        return [1.0 / len(w) if p.name in w else 0.0 for p in game.players]
    return margin_chances([float(p.score) for p in game.players], scale=10.0)


class GardensStrongBot(SearchBot[GardensGame, Lay]):
    """ISMCTS for the Gardens with ``playouts`` simulations per decision (or a level).
    Deterministic for a given seed, budget and information set."""

    LEVELS = LEVELS

    def analyse(
        self,
        game: GardensGame,
        progress: Callable[[int], bool | None] | None = None,
        include: Sequence[Lay] = (),
    ) -> list[Choice]:
        """The search's view of the lays it tried for the player to move (the greedy
        bot's favourites, and ``include``), best first."""
        return parallel_search(
            game,
            playouts=self.playouts,
            seconds=self.seconds,
            seed=f"{self.seed}:{game.step}",
            trees=self.trees,
            executor=self.executor,
            policy=rollout_policy,
            evaluate=evaluate,
            rollout=self.rollout,
            focus=focus,
            progress=progress,
            include=include,
        )


def reasons(game: GardensGame, lay: Lay) -> list[str]:
    """What ``lay`` scores at once, from the engine's own preview (G4): each building it
    encloses named by its kind, its value and the corner of the field it stands at."""
    out = []
    for sc in game.preview(lay):
        building = f"the {sc.kind} ({sc.value}) {_corner(lay.field, sc.building)}"
        if sc.owner is None:
            out.append(f"encloses {building}: {sc.why}, nobody scores (G4)")
        else:
            out.append(f"encloses {building}: {sc.owner} +{sc.points} (G4)")
    return out


def _corner(field: tuple[int, int], building: tuple[int, int]) -> str:
    """Where ``building`` stands from ``field`` in words (G1: a field touches the four
    buildings at its corners; y grows south)."""
    dx, dy = building[0] - field[0], building[1] - field[1]
    if dx in (0, 1) and dy in (0, 1):
        return f"at the {('north', 'south')[dy]}-{('west', 'east')[dx]} corner of the field"
    return f"at {building}"  # pragma: no cover - a lay encloses only the buildings around its field


def hints(
    game: GardensGame,
    *,
    playouts: int = 150,
    seed: int = 0,
    k: int = 3,
    progress: Callable[[int], bool | None] | None = None,
) -> list[Hint]:
    """The search's ``k`` best lays for the player to move, best first, from what that
    player may see; lays within the search's noise of its choice are marked
    ``about_equal`` and kept in the greedy bot's order (:func:`..ranking.ranked`, the
    Alhambra's rule: it knows nothing of either game)."""
    choices = GardensStrongBot(seed, playouts=playouts).analyse(game, progress=progress)
    prior = _ranker.rank(game, game.legal_actions())  # the ties' fixed order, as in Alhambra
    return [
        Hint(
            c.action, _says(game, c.action), c.value, c.visits, tuple(reasons(game, c.action)), tied
        )
        for c, tied in ranked(choices, prior)[:k]
    ]


def review(
    game: GardensGame,
    player: str,
    *,
    playouts: int = 100,
    seed: int = 0,
    progress: Callable[[int, int], bool | None] | None = None,
    executor: Executor | None = None,
) -> list[Decision]:
    """Each lay of ``player`` in ``game`` weighed against the search's choice at that
    step, from what the player could see then (:func:`reviews` of one player)."""
    return reviews(
        game, [player], playouts=playouts, seed=seed, progress=progress, executor=executor
    )[player]


def reviews(
    game: GardensGame,
    players: Sequence[str],
    *,
    playouts: int = 100,
    seed: int = 0,
    progress: Callable[[int, int], bool | None] | None = None,
    executor: Executor | None = None,
) -> dict[str, list[Decision]]:
    """Each lay of each of ``players`` weighed against the search's choice at that step,
    from what its player could see then, the steps on all cores
    (:func:`~alhambra_widget.players.parallel.parallel_review`, as Alhambra's
    :func:`~alhambra_widget.players.alhambra.strong.reviews`)."""
    analyse, says = review_weigher(playouts, seed)
    return parallel_review(game, players, analyse, says, executor=executor, progress=progress)


def review_weigher(
    playouts: int = 100, seed: int = 0
) -> tuple[Callable[..., list[Choice]], Callable[[GardensGame, Lay], str]]:
    """What weighs a step of a review (:func:`~..ismcts.weigh`): the search bot's
    analysis at ``playouts`` simulations and the lay in words. Both pickle, for the
    processes that weigh steps (:class:`~..review_ahead.ReviewAhead`)."""
    return GardensStrongBot(seed, playouts=playouts).analyse, _says


def _says(game: GardensGame, lay: Lay) -> str:
    """The lay in words, the tile named by what it shows (its trees), not by its id."""
    me = game.current_player
    turned = (
        f", turned {lay.turn} quarter turn{'s' if lay.turn > 1 else ''} clockwise"
        if lay.turn
        else ""
    )
    tile = next((t for t in me.hand if t.id == lay.tile), None)
    shows = (
        f"the tile of {tile.trees} tree{'s' if tile.trees > 1 else ''} a side ({'/'.join(tile.sides)})"
        if tile
        else lay.tile
    )
    return f"{me.name}: lay {shows} on field {lay.field}{turned}"

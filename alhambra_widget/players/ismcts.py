"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley
and Whitehouse 2012), for any game of this package.

The searching seat never reads hidden state: each simulation starts from
``game.determinize(seat, seed)``, a copy in which everything the seat has not seen is
redrawn from what it could know. One tree is shared by all simulations; a node's
children are the actions tried from it, and each child counts how often it was
*available* (legal in the simulation's world), which is what its exploration term
uses. Simulations end with a rollout of a few actions by a fast policy, then an
evaluation: one number per player in [0, 1] (1: certain win).

The game supplies ``legal_actions()``, ``apply()``, ``is_over``, ``current`` and
``determinize()``; the caller supplies ``policy(game, rng) -> action`` and
``evaluate(game) -> list[float]``. Everything is seeded: the same seed, budget and
information set give the same search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar


@dataclass(eq=False)
class Node:
    """An action's node: who chose it, and what the simulations through it gave them."""

    mover: int = -1
    visits: int = 0
    avail: int = 0
    reward: float = 0.0
    reward_sq: float = 0.0  # the sum of the squared rewards: their spread
    children: dict[Any, Node] = field(default_factory=dict)
    allowed: set[Any] | None = None  # the actions worth trying here (``focus``)

    def mean(self) -> float:
        """The mean reward over the node's visits (0 before any)."""
        return self.reward / self.visits if self.visits else 0.0

    def spread(self) -> float:
        """The standard deviation of the rewards over the node's visits (0 before any)."""
        return spread_of(self.visits, self.reward, self.reward_sq)


def spread_of(n: int, total: float, total_sq: float) -> float:
    """The standard deviation of ``n`` results from their sum and the sum of their
    squares (0 for none): a node's own, or several trees' pooled."""
    if not n:
        return 0.0
    m = total / n
    return math.sqrt(max(0.0, total_sq / n - m * m))


@dataclass
class Choice:
    """One of the root's actions after a search: how often it was chosen in the
    simulations, the chance to win it led to for the searching seat (the mean of their
    results), and how much those results spread (their standard deviation: with
    ``visits``, how sure ``value`` is)."""

    action: Any
    visits: int
    value: float
    spread: float = 0.0


@dataclass(frozen=True)
class Hint:
    """A move the search recommends (either game): the engine's sentence for it, the
    estimated chance to win after it, how many simulations tried it, and why it
    matters."""

    action: Any
    says: str
    chance: float
    visits: int
    reasons: tuple[str, ...]
    about_equal: bool = False
    """Within the search's noise of the search's choice (then not ranked by noise)."""

    def to_dict(self) -> dict[str, Any]:
        """The hint as JSON for the page: the action, its sentence, the chance to win, the visits
        and the reasons."""
        return {
            "action": self.action.to_json(),
            "says": self.says,
            "chance": round(self.chance, 3),
            "visits": self.visits,
            "reasons": list(self.reasons),
            "about_equal": self.about_equal,
        }


@dataclass(frozen=True)
class Decision:
    """One decision of a game under review (either game): what was played and what
    the search prefers there, with the estimated chances to win after each."""

    step: int
    player: str
    played: str
    best: str
    chance_played: float
    chance_best: float

    @property
    def loss(self) -> float:
        """The chance to win the move gave away (0 when it was the search's choice)."""
        return max(0.0, self.chance_best - self.chance_played)

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON for the review: the move played and the search's choice, their
        chances and the loss."""
        return {
            "step": self.step,
            "player": self.player,
            "played": self.played,
            "best": self.best,
            "chance_played": round(self.chance_played, 3),
            "chance_best": round(self.chance_best, 3),
            "loss": round(self.loss, 3),
        }


def review_decisions(
    game: Any,
    player: str,
    analyse: Callable[..., list[Choice]],
    says: Callable[[Any, Any], str],
    *,
    progress: Callable[[int, int], bool | None] | None = None,
) -> list[Decision]:
    """Each decision of ``player`` in ``game`` (a real choice: more than one legal
    action) weighed against the search's choice at that step, from what the player
    could see then (:func:`weigh`), one step after another in this process
    (:func:`~alhambra_widget.players.parallel.parallel_review` spreads them over the
    cores). ``progress(done, total)`` may return True to stop early."""
    steps = steps_of(game, [player])
    out: list[Decision] = []
    for n, step in enumerate(steps):
        if progress is not None and progress(n, len(steps)):
            break
        d = weigh(game, step, analyse, says)
        if d is not None:
            out.append(d)
    return out


def steps_of(game: Any, players: Sequence[str]) -> list[int]:
    """The steps at which one of ``players`` acted (forced moves included)."""
    return [i for i, (mover, _log) in enumerate(game.movers) if game.players[mover].name in players]


def weigh(
    game: Any, step: int, analyse: Callable[..., list[Choice]], says: Callable[[Any, Any], str]
) -> Decision | None:
    """The action played at ``step`` weighed against the search's choice there, from
    what its player could see then: ``analyse(game, include=[played])`` is a search
    bot's analysis (seeded by the step: the same answer wherever it runs), ``says(game,
    action)`` the engine's sentence. ``None`` for a forced move (one legal action)."""
    before = game.at(step)
    if len(before.legal_actions()) < 2:
        return None
    played = game.history[step]
    choices = analyse(before, include=[played])
    best = choices[0]
    mine = next((c for c in choices if c.action == played), None)
    return Decision(
        step,
        game.players[game.movers[step][0]].name,
        says(before, played),
        says(before, best.action),
        mine.value if mine else 0.0,
        best.value,
    )


def budget(level: int | str, levels: dict[str, int]) -> tuple[int | None, float | None]:
    """A search's budget, ``(simulations, seconds)``, from a level: a name of
    ``levels`` (simulations), a number of simulations, or a time: ``"1s"``, ``"0.5s"``,
    ``"250ms"`` (``None`` where no limit of that kind). Anything else: ValueError."""
    if isinstance(level, int):
        if level < 1:
            raise ValueError(f"a search needs at least one simulation, not {level}")
        return level, None
    if level in levels:
        return levels[level], None
    text = level.strip().lower()
    for unit, scale in (("ms", 0.001), ("s", 1.0)):
        if text.endswith(unit):
            try:
                seconds = float(text[: -len(unit)]) * scale
            except ValueError:
                break
            if math.isfinite(seconds) and seconds > 0:
                return None, seconds
            break
    if text.isdigit() and int(text) > 0:
        return int(text), None
    raise ValueError(
        f"a search's budget is a level ({', '.join(levels)}), simulations or a time ('1s'), not {level!r}"
    )


def search(
    game: Any,
    *,
    playouts: int,
    seed: int | str,
    policy: Callable[[Any, random.Random], Any],
    evaluate: Callable[[Any], Sequence[float]],
    rollout: int = 12,
    explore: float = 0.7,
    seconds: float | None = None,
    progress: Callable[[int], bool | None] | None = None,
    focus: Callable[[Any, list[Any]], list[Any]] | None = None,
    include: Sequence[Any] = (),
) -> list[Choice]:
    """Search from ``game`` for the player to move; return the root's actions, the
    most visited first. ``seconds`` caps the time (then the result also depends on the
    machine's speed); ``progress(done)`` is called every 16 simulations and may
    return True to stop early. ``focus(world, legal)`` names the actions worth trying
    at a node (asked once per node, and again when none of them is legal in a later
    world): the search then spends its budget on those. ``include`` adds actions the
    root must try as well (a game review weighs the move that was played)."""
    seat = game.current
    legal = _root_actions(game, focus, include)
    if len(legal) == 1:
        return [Choice(legal[0], 0, 0.0)]
    rng = random.Random(f"ismcts:{seed}")
    root = Node(allowed=set(legal) if focus is not None else None)
    deadline = None if seconds is None else time.perf_counter() + seconds
    for i in range(playouts):
        world = game.determinize(seat, f"{seed}:{i}")
        path = _descend(root, world, rng, explore, focus)
        _roll_out(world, rng, policy, rollout)
        _back_up(path, evaluate(world))
        if progress is not None and i % 16 == 15 and progress(i + 1):
            break
        if deadline is not None and time.perf_counter() > deadline:
            break
    out = [Choice(a, n.visits, n.mean(), n.spread()) for a, n in root.children.items()]
    out.sort(key=lambda c: (-c.visits, -c.value))
    return out


def _root_actions(
    game: Any, focus: Callable[[Any, list[Any]], list[Any]] | None, include: Sequence[Any]
) -> list[Any]:
    """The root's actions: the legal ones, or those ``focus`` keeps plus ``include``."""
    legal: list[Any] = game.legal_actions()
    if focus is not None and len(legal) > 1:
        focused = focus(game, legal)
        legal = focused + [a for a in include if a not in focused]
    return legal


def _focused(
    node: Node, world: Any, actions: list[Any], focus: Callable[[Any, list[Any]], list[Any]]
) -> list[Any]:
    """The actions worth trying at ``node`` in this world: those already allowed that
    are legal here, or else what ``focus`` names (added to the node's allowed set)."""
    kept = [a for a in actions if a in node.allowed] if node.allowed else []
    if not kept:
        kept = focus(world, actions)
        node.allowed = set(kept) | (node.allowed or set())
    return kept


def _descend(
    root: Node,
    world: Any,
    rng: random.Random,
    explore: float,
    focus: Callable[[Any, list[Any]], list[Any]] | None,
) -> list[Node]:
    """Selection and expansion: from ``root``, apply to ``world`` the child with the
    best exploration value until a node has an untried action, then try one at random
    (a new node). Every available child counts this visit. Returns the nodes passed."""
    node, path = root, []
    while not world.is_over:
        actions = world.legal_actions()
        if focus is not None:
            actions = _focused(node, world, actions, focus)
        untried = [a for a in actions if a not in node.children]
        for a in actions:
            child = node.children.get(a)
            if child is not None:
                child.avail += 1
        if untried:
            a = untried[rng.randrange(len(untried))]
            child = node.children[a] = Node(mover=world.current, avail=1)
            world.apply(a)
            path.append(child)
            break
        best = _best_child(node, actions, explore)
        node = node.children[best]
        world.apply(best)
        path.append(node)
    return path


def _best_child(node: Node, actions: list[Any], explore: float) -> Any:
    """The action whose child has the highest exploration value (UCB1 over the times
    it was available)."""
    best, best_u = None, -1.0
    for a in actions:
        c = node.children[a]
        u = c.reward / c.visits + explore * math.sqrt(math.log(c.avail) / c.visits)
        if u > best_u:
            best, best_u = a, u
    return best


def _roll_out(
    world: Any, rng: random.Random, policy: Callable[[Any, random.Random], Any], rollout: int
) -> None:
    """Play at most ``rollout`` actions of ``policy`` in ``world``."""
    for _ in range(rollout):
        if world.is_over:
            break
        world.apply(policy(world, rng))


def _back_up(path: list[Node], values: Sequence[float]) -> None:
    """Each node on the path gains the value of the world for the player who chose it."""
    for n in path:
        v = values[n.mover]
        n.visits += 1
        n.reward += v
        n.reward_sq += v * v


def margin_chances(values: Sequence[float], scale: float) -> list[float]:
    """Each player's chance to win, from estimated final points: a logistic curve of
    the margin over the best of the others (``scale`` points make it 73%)."""
    out = []
    for i, v in enumerate(values):
        best_other = max((w for j, w in enumerate(values) if j != i), default=v)
        out.append(1.0 / (1.0 + math.exp(-(v - best_other) / scale)))
    return out


G = TypeVar("G")
"""A game a :class:`SearchBot` plays."""
M = TypeVar("M")
"""A move of that game."""


class SearchBot(Generic[G, M]):
    """What the games' searching bots share: a budget of ``playouts`` simulations per
    decision (a number, or a level of the class's ``LEVELS``) or a time per decision
    (``"1s"``, ``"250ms"``, :func:`budget`), the search seeded by ``seed`` and the
    public step number only, ``rollout`` moves played out before the evaluation,
    ``trees`` and ``executor`` for a search in parts. A game's bot gives
    :meth:`analyse`; its first choice is the move (:meth:`choose`)."""

    LEVELS: ClassVar[dict[str, int]] = {}
    """The levels' names and their simulations per decision."""
    ROLLOUT: ClassVar[int] = 8
    """Moves played out before the evaluation, unless ``rollout`` says."""
    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        playouts: int | str = "strong",
        rollout: int | None = None,
        *,
        trees: int | None = None,
        executor: Executor | None = None,
    ):
        self.seed = 0 if seed is None else seed
        self.playouts, self.seconds = budget(playouts, self.LEVELS)
        # the seat's kind: its level's name, or "strong"
        self.name = playouts if isinstance(playouts, str) and playouts in self.LEVELS else "strong"
        self.rollout = self.ROLLOUT if rollout is None else rollout
        self.trees = trees
        self.executor = executor

    def __repr__(self) -> str:
        if self.seconds is not None:
            return f"{type(self).__name__}(seconds={self.seconds:g})"
        return f"{type(self).__name__}(playouts={self.playouts})"

    def analyse(
        self,
        game: G,
        progress: Callable[[int], bool | None] | None = None,
        include: Sequence[M] = (),
    ) -> list[Choice]:
        """The search's view of the moves it tried for the player to move, best first."""
        raise NotImplementedError

    def choose(self, game: G) -> M:
        """The search's first choice (:meth:`analyse`)."""
        move: M = self.analyse(game)[0].action
        return move

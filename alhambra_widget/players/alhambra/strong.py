"""The strong Alhambra bot: information-set Monte Carlo tree search
(:mod:`alhambra_widget.players.ismcts`) with a fast rollout policy and an evaluation of
majorities, walls and money. It decides from what its seat may see: every simulation
starts from :meth:`Game.determinize`, never from the hidden state it is handed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor

from ...engine.alhambra.actions import Action, Buy, Place, TakeMoney
from ...engine.alhambra.game import Game
from ...engine.alhambra.narration import payment_words, plain_text, where
from ..ismcts import Choice, Decision, Hint, SearchBot, margin_chances
from ..parallel import cores, default_executor, merge, parallel_review, tree_search
from ..ranking import ranked
from .greedy import GreedyBot
from .hinting import best_place, dominator, leaves, majorities, undominated

FOCUS = 6
"""How many actions a node tries: the greedy bot's favourites (its ranking is the
search's prior; the search then decides among them)."""

_ranker = GreedyBot(0)


def focus(game: Game, legal: list[Action]) -> list[Action]:
    """The greedy bot's ``FOCUS`` favourite actions among ``legal``, never a dominated
    purchase (:func:`.hinting.undominated`)."""
    legal = undominated(legal)
    if len(legal) <= FOCUS:
        return legal
    return _ranker.rank(game, legal)[:FOCUS]


LEVELS = {"easy": 50, "medium": 200, "strong": 1000}
"""Simulations per decision for each level (the default level is ``"strong"``)."""


HINT_PLAYOUTS = 1600
"""Simulations behind a hint by default, shared by trees of :data:`HINT_TREE` (see
``docs/engine-speed.md``, "Hints one can trust", for the stability measured with them)."""

HINT_TREE = 200
"""The most simulations one tree behind a hint gets: a hint's budget is spread over
independent trees this small, merged (:func:`hint_search`), which share the wait
between cores. A big tree's estimates drift with the lines it happened to grow, more
than its own noise says; the mean of small trees does not, so what a hint calls "about
equal" is what the search cannot tell apart."""


def rollout_policy(game: Game, rng: random.Random) -> Action:
    """Mostly the greedy bot's favourite, sometimes a quick sensible move (so the
    rollouts do not all follow one line)."""
    legal = game.legal_actions()
    if len(legal) > 1 and rng.random() < 0.75:
        return _ranker.favourite(game, legal)
    return quick_move(game, rng)


def quick_move(game: Game, rng: random.Random) -> Action:
    """A quick, sensible move: an exact purchase if there is one, else often a purchase,
    else the richest take of money; bought tiles are built where they may go (else the
    reserve). Redesigns only when nothing else is possible."""
    legal = game.legal_actions()
    if game.phase == "act":
        buys = [a for a in legal if type(a) is Buy]
        if buys:
            exact = [a for a in buys if game.is_exact(a)]
            if exact:
                return exact[rng.randrange(len(exact))]
            if rng.random() < 0.5:
                return buys[rng.randrange(len(buys))]
        takes = [a for a in legal if type(a) is TakeMoney]
        if takes:
            top = max(sum(c.value for c in a.cards) for a in takes)
            best = [a for a in takes if sum(c.value for c in a.cards) == top]
            return best[rng.randrange(len(best))]
        return legal[rng.randrange(len(legal))]
    places = [a for a in legal if type(a) is Place]
    pick = places or legal
    return pick[rng.randrange(len(pick))]


MONEY = 0.3
"""Points a unit of money in hand is worth at the end, roughly (it becomes buildings)."""

SCALE = (3.0, 30.0)
"""The logistic curve's scale, in points, for turning a lead in estimated points into a
chance to win: ``SCALE[0] + SCALE[1] * share of the tiles left in the bag``
(:attr:`~alhambra_widget.engine.alhambra.game.Game.bag_share_left`). Early on a lead
means little (about 30 points make 73%), at the end much (3 points). Chosen with
:data:`MONEY` by ``benchmarks/evaluation.py``: on 300 held-out games of each size its
log-loss against who won is 0.531 (2 players) and 0.521 (3 players), against 0.616 and
0.591 for the old fixed scale of 12 points with money at 0.1."""


def estimate(game: Game) -> list[float]:
    """Each player's points at the end, roughly: points so far, what the scoring rounds
    still to come would give with today's buildings and walls (R10, R11), and
    :data:`MONEY` for each unit of money in hand."""
    if game.is_over:
        return [float(p.score) for p in game.players]
    now = [p.score + MONEY * sum(c.value for c in p.money) for p in game.players]
    return with_rounds_to_come(game, now)


ROUND_WEIGHTS = (0.8, 0.6)
"""How much of what a scoring round still to come would give with today's buildings
and walls counts: the next round, then each later one (:func:`with_rounds_to_come`:
the strong bot's estimate and the review graph's public one)."""


def with_rounds_to_come(game: Game, values: list[float]) -> list[float]:
    """``values`` (one per player, in seat order) plus what each scoring round still to
    come would give each player with today's buildings and walls (the engine's
    previews, R10, R11), weighted by :data:`ROUND_WEIGHTS`. All of it public."""
    if game.is_over:
        return values
    following = len(game.rounds) + 1
    for number in range(following, 4):
        totals = game.scoring_preview(number).totals
        weight = ROUND_WEIGHTS[0] if number == following else ROUND_WEIGHTS[1]
        for i, p in enumerate(game.players):
            values[i] += weight * totals[p.name]
    return values


def evaluate(game: Game) -> list[float]:
    """Each player's chance to win: the real result at the end, else from the margin of
    the estimated points, on a curve that sharpens as the bag runs out
    (:data:`SCALE`)."""
    if game.is_over:
        w = game.winners
        return [1.0 / len(w) if p.name in w else 0.0 for p in game.players]
    return margin_chances(estimate(game), scale=SCALE[0] + SCALE[1] * game.bag_share_left)


class StrongBot(SearchBot[Game, Action]):
    """ISMCTS with ``playouts`` simulations per decision (or a level's: ``"easy"``,
    ``"medium"``, ``"strong"``), or a time per decision (``"1s"``, ``"250ms"``).
    With simulations it is deterministic for a given seed, budget and information set
    (the search is seeded by ``seed`` and the public step number only) and searches one
    tree; with a time it searches one tree per core (:mod:`..parallel`), or ``trees``,
    on ``executor`` (default: local processes)."""

    LEVELS = LEVELS
    ROLLOUT = 12

    def analyse(
        self,
        game: Game,
        progress: Callable[[int], bool | None] | None = None,
        include: Sequence[Action] = (),
    ) -> list[Choice]:
        """The search's view of the actions it tried for the player to move (the
        greedy bot's favourites, and ``include``), best first."""
        return merge(self.search_trees(game, progress=progress, include=include))

    def search_trees(
        self,
        game: Game,
        only: range | None = None,
        progress: Callable[[int], bool | None] | None = None,
        include: Sequence[Action] = (),
    ) -> list[list[Choice]]:
        """The roots of :meth:`analyse`'s trees, unmerged: all, or those numbered in
        ``only`` (:func:`~..parallel.tree_search`: a search in parts)."""
        return tree_search(
            game,
            playouts=self.playouts,
            seconds=self.seconds,
            seed=f"{self.seed}:{game.step}",
            trees=self.trees,
            only=only,
            executor=self.executor,
            policy=rollout_policy,
            evaluate=evaluate,
            rollout=self.rollout,
            progress=progress,
            focus=focus,
            include=include,
        )


def reasons(game: Game, action: Action) -> list[str]:
    """What ``action`` changes for its player, from the engine's own figures: an exact
    payment (R4) or an overpayment (R6) in the engine's words, the money taken, the
    majorities that change in the next scoring round (R10, :func:`.hinting.majorities`),
    the longest wall (R11) and what that round would give the player, that first (it
    sums up the rest). A purchase is weighed built at its best place
    (:func:`.hinting.best_place`)."""
    me = game.current_player
    out: list[str] = []
    if type(action) is Buy:
        bought = game.market[action.currency]
        if bought is not None:  # the engine's sentence, as in the log and on the page
            out.append(payment_words(bought.price, action.pay))
    if type(action) is TakeMoney:
        out.append(f"takes {sum(c.value for c in action.cards)} in money")
    head = len(out)  # the round's points go after what the move is, before the rest
    number = game.next_scoring_round
    before = game.scoring_preview(number)
    wall = me.alhambra.longest_wall()
    tile = game.market[action.currency] if type(action) is Buy else None
    if tile is not None:  # a purchase changes the majorities once built: at its best place
        found = best_place(game, me.name, tile)
        out.append(
            f"built {where(found[0])}, its best place now"
            if found
            else "fits nowhere now: to the reserve (R7)"
        )
        mine = found[1] if found else me.alhambra
    else:
        after_game = game.copy()
        after_game.apply(action)
        # only the player's own Alhambra changes with what the player can see; the rest
        # of ``after_game`` (refills, a scoring round, Dirk's draw from the bag) is hidden (R2)
        mine = after_game.player(me.name).alhambra
    after = game.scoring_preview(number, {me.name: mine})
    if after.totals[me.name] != before.totals[me.name]:
        out.insert(
            head,
            f"round {number} would give {me.name} {before.totals[me.name]} → {after.totals[me.name]} points",
        )
    out += majorities(before, after, me.name)
    new_wall = mine.longest_wall()
    if new_wall != wall:
        out.append(f"longest wall {wall} → {new_wall}")
    return out


def _says(game: Game, action: Action) -> str:
    """The engine's sentence for ``action``: its own event only. What follows it (the
    money or market refilled, a scoring card, Dirk's draw) comes from the deck and the
    bag, which the player cannot see (R2)."""
    events = game.copy().apply(action)
    return plain_text(events[0]) if events else str(action)


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def hint_search(
    game: Game,
    *,
    playouts: int = HINT_PLAYOUTS,
    seed: int = 0,
    progress: Callable[[int], bool | None] | None = None,
    executor: Executor | None = None,
    include: Sequence[Action] = (),
) -> list[Choice]:
    """The search behind a hint: ``playouts`` simulations in independent trees of at
    most :data:`HINT_TREE` each (on all cores: the kept local processes, or
    ``executor``), merged; the moves it tried for the player to move, the most tried
    first, without dominated purchases (R6, :func:`.hinting.dominator`). The same for a
    seed on any number of cores. ``include``: moves the root must try as well (kept even
    when dominated); one the search tries anyway leaves the search unchanged, so the
    coach weighing a move the hint also weighs sees the hint's own figures."""
    bot = _hint_bot(playouts, seed, executor)
    trees = bot.search_trees(game, progress=progress, include=include)
    return _undominated(game, merge(trees), include)


def _hint_bot(playouts: int, seed: int, executor: Executor | None) -> StrongBot:
    """The search bot behind a hint: ``playouts`` in trees of :data:`HINT_TREE`."""
    trees = max(1, -(-playouts // HINT_TREE))
    return StrongBot(seed, playouts=playouts, trees=trees, executor=executor)


def _undominated(game: Game, choices: list[Choice], include: Sequence[Action]) -> list[Choice]:
    legal = game.legal_actions()
    return [c for c in choices if c.action in include or dominator(legal, c.action) is None]


def hints(
    game: Game,
    *,
    playouts: int = HINT_PLAYOUTS,
    seed: int = 0,
    k: int = 3,
    progress: Callable[[int], bool | None] | None = None,
    executor: Executor | None = None,
) -> list[Hint]:
    """The search's ``k`` best moves for the player to move, best first (see
    :class:`Hint`; the search is :func:`hint_search`). Decides, like the bot, from what
    that player may see. Never a dominated purchase; moves within the search's noise of
    its choice are marked ``about_equal`` and kept in the greedy bot's order
    (:func:`..ranking.ranked`)."""
    choices = hint_search(game, playouts=playouts, seed=seed, progress=progress, executor=executor)
    return hints_of(game, choices, k)


def hints_of(game: Game, choices: list[Choice], k: int = 3) -> list[Hint]:
    """The ``k`` best of a hint search's ``choices``, as :func:`hints` gives them."""
    out = []
    for c, tied in ranked(choices, _ranker.rank(game, game.legal_actions()))[:k]:
        why = (*reasons(game, c.action), *leaves(game, c.action))
        out.append(Hint(c.action, _says(game, c.action), c.value, c.visits, why, tied))
    return out


def anytime_hints(
    game: Game,
    *,
    playouts: int = HINT_PLAYOUTS,
    seed: int = 0,
    k: int = 3,
    progress: Callable[[int], bool | None] | None = None,
    executor: Executor | None = None,
) -> Iterator[tuple[list[Hint], int]]:
    """:func:`hints` in two parts, each with the simulations done: first from the
    search's first tree alone (:data:`HINT_TREE` simulations, in this process, while
    the processes for the rest start), then from all its trees. The last answer is
    :func:`hints`'s, for the same seed: the first tree is the whole search's tree 0.
    ``progress`` counts the simulations of both parts."""
    bot = _hint_bot(playouts, seed, executor)
    trees = bot.trees or 1
    if trees > 1 and executor is None and (pool := default_executor()) is not None:
        pool.submit(cores)  # its processes start while the first tree grows
    first = bot.search_trees(game, only=range(1), progress=progress)
    done = sum(c.visits for c in first[0]) if first else 0
    if progress is not None and first and progress(done):
        return
    yield hints_of(game, _undominated(game, merge(first), ()), k), done
    if trees == 1:
        return
    told = progress
    rest = bot.search_trees(
        game,
        only=range(1, trees),
        progress=None if told is None else (lambda n: told(done + n)),
    )
    merged = merge(first + rest)
    yield hints_of(game, _undominated(game, merged, ()), k), sum(c.visits for c in merged)


def review(
    game: Game,
    player: str,
    *,
    playouts: int = 200,
    seed: int = 0,
    progress: Callable[[int, int], bool | None] | None = None,
    executor: Executor | None = None,
) -> list[Decision]:
    """Each decision of ``player`` in ``game`` weighed against the search's choice at
    that step, from what the player could see then (:func:`reviews` of one player)."""
    return reviews(
        game, [player], playouts=playouts, seed=seed, progress=progress, executor=executor
    )[player]


def reviews(
    game: Game,
    players: Sequence[str],
    *,
    playouts: int = 200,
    seed: int = 0,
    progress: Callable[[int, int], bool | None] | None = None,
    executor: Executor | None = None,
) -> dict[str, list[Decision]]:
    """Each decision of each of ``players`` weighed against the search's choice at that
    step, from what its player could see then (see
    :func:`~alhambra_widget.players.ismcts.weigh`), the steps on all cores
    (:func:`~alhambra_widget.players.parallel.parallel_review`: local processes by
    default, ``executor=`` for a cluster's); the same decisions, for a seed, as a review
    step by step in one process. ``progress(done, total)`` counts all their actions."""
    analyse, says = review_weigher(playouts, seed)
    return parallel_review(game, players, analyse, says, executor=executor, progress=progress)


def review_weigher(
    playouts: int = 200, seed: int = 0
) -> tuple[Callable[..., list[Choice]], Callable[[Game, Action], str]]:
    """What weighs a step of a review (:func:`~..ismcts.weigh`): the search bot's
    analysis at ``playouts`` simulations and the engine's sentence for a move. Both
    pickle, for the processes that weigh steps (:class:`~..review_ahead.ReviewAhead`)."""
    return StrongBot(seed, playouts=playouts).analyse, _says

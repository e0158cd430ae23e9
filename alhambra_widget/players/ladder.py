"""A ladder: every bot against every other on fixed seeds, rated on one Elo scale:
``python -m alhambra_widget.players.ladder --games alhambra:2 alhambra:3 gardens:2``.

For each game (``alhambra:2`` is the Alhambra with two players, ``gardens:2`` the
Gardens), a round robin: every set of entrants that fills the table (every pair; for
three players every three) plays each seed of ``seed``, ``seed + 1``, ... once in every
seating (the seats rotating), so each entrant meets the same deals from every seat.

Each game counts, for every two of its players, as a game between them: a win for the
one placed higher (a winner over a non-winner, else more points; equal: a draw, as a
shared win, R12). From those the ratings are a Bradley-Terry fit on the Elo scale
(400 points: ten to one), found by the minorization-maximization iteration, with one
virtual draw between every two entrants (so a clean sweep gives a large rating, not an
infinite one); ``random`` is 0 when it plays. The 95% intervals are the 2.5th and
97.5th percentiles of the ratings refitted on the games resampled with replacement
(bootstrap, 200 times, a fixed generator).

The games go through any ``concurrent.futures.Executor`` (:func:`run`; by default this
process): a process pool, or a Dask ``client.get_executor()``; for given seeds the
table is the same whatever the executor. An entrant is a bot kind of
:func:`~alhambra_widget.players.bots.make_bot` (``random``, ``greedy``, ``easy``,
``medium``, ``strong``, ``strong:N``, ``strong:1s``, ``baseline``) or a picklable factory ``(seed,
game) -> bot`` with a ``name`` (OpenSpiel's ISMCTS: ``python -m
alhambra_widget.research.ladder``, which adds ``ismcts:N`` entrants).
"""

from __future__ import annotations

import argparse
import datetime
import functools
import itertools
import json
import math
import os
import random
import statistics
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from ..engine.errors import MalformedInput
from .arena import Kind, label
from .parallel import InProcessExecutor

ENTRANTS = ("random", "greedy", "baseline", "easy", "medium", "strong", "strong:1s")
"""The entrants by default: random, greedy, the learned baseline, and the search bot's
levels (``strong:1s`` searches on every core a second a decision)."""
GAMES = ("alhambra:2", "alhambra:3", "gardens:2")
"""The games by default: the Alhambra with two and with three players, the Gardens with
two."""
BOOTSTRAP = 200
"""How many resamplings give the intervals."""


def parse_game(text: str) -> tuple[str, int]:
    """``"alhambra:3"`` -> ``("alhambra", 3)``; the engine refuses a count it does not
    seat when the game is dealt."""
    name, _, n = text.partition(":")
    if name not in ("alhambra", "gardens") or not n.isdigit():
        raise MalformedInput(f"A ladder's game is alhambra:N or gardens:N, not {text!r}.")
    return name, int(n)


def new_game(name: str, n: int, seed: int) -> Any:
    """A game of ``name`` for ``n`` seats ``P0``..., dealt with ``seed``."""
    names = [f"P{i}" for i in range(n)]
    if name == "gardens":
        from ..engine.gardens.game import GardensGame

        return GardensGame(names, seed=seed)
    from ..engine.alhambra.game import Game

    return Game(names, seed=seed)


def _bot(kind: Kind, seed: int, game: Any) -> Any:
    if callable(kind) and not isinstance(kind, str):
        return kind(seed, game)
    from .bots import make_bot

    return make_bot(kind, seed, game)


def play(game: str, seats: Sequence[Kind], seed: int) -> dict[str, Any]:
    """One game of ``game`` (``"alhambra:2"``), seat i played by ``seats[i]``, dealt
    with ``seed``: each seat's label, points, whether it won, and its decision times."""
    name, n = parse_game(game)
    if len(seats) != n:
        raise MalformedInput(f"{game} seats {n} players, not {len(seats)}.")
    g = new_game(name, n, seed)
    bots = [_bot(k, seed * 10 + i, g) for i, k in enumerate(seats)]
    times: list[list[float]] = [[] for _ in seats]
    while not g.is_over:
        i = g.current
        t = time.perf_counter()
        a = bots[i].choose(g)
        times[i].append(time.perf_counter() - t)
        g.apply(a)
    return {
        "seats": [label(k) for k in seats],
        "points": [float(p.score) for p in g.players],
        "won": [p.name in g.winners for p in g.players],
        "times": times,
    }


def draw_groups(entrants: Sequence[Kind], n: int, count: int, seed: int) -> list[tuple[Kind, ...]]:
    """``count`` of the groups of ``n`` entrants, drawn to share the games evenly: each
    next group is the one whose members have played least (the most any of them has,
    then their sum), then whose pairs have met least, the ties broken by a generator
    seeded with ``seed``; so every entrant plays in about as many groups as the others.
    All the groups when ``count`` is as many; the first k of a draw are the draw of k."""
    every = list(itertools.combinations(entrants, n))
    random.Random(seed).shuffle(every)
    played: dict[str, int] = {label(k): 0 for k in entrants}
    met: dict[tuple[str, str], int] = {}
    out: list[tuple[Kind, ...]] = []
    for _ in range(min(count, len(every))):

        def cost(group: tuple[Kind, ...]) -> tuple[int, int, int]:
            names = [label(k) for k in group]
            again = sum(met.get(p, 0) for p in itertools.combinations(sorted(names), 2))
            return (max(played[a] for a in names), sum(played[a] for a in names), again)

        group = min((g for g in every if g not in out), key=cost)
        out.append(group)
        names = [label(k) for k in group]
        for a in names:
            played[a] += 1
        for p in itertools.combinations(sorted(names), 2):
            met[p] = met.get(p, 0) + 1
    return out


def schedule(
    game: str,
    entrants: Sequence[Kind],
    seeds: int,
    seed: int,
    seatings: str = "all",
    groups: int | None = None,
) -> list[tuple[Any, ...]]:
    """The round robin of ``game``: for every set of entrants that fills the table (or
    ``groups`` of them, :func:`draw_groups`) and every seed, each rotation of the seats
    (``seatings="all"``) or one (``"one"``: the rotations taken in turn, group by group
    and seed by seed, so each entrant sits in each seat about as often): ``(game, seats,
    seed)`` jobs."""
    _, n = parse_game(game)
    if seatings not in ("all", "one"):
        raise MalformedInput(f"A ladder's seatings are 'all' or 'one', not {seatings!r}.")
    chosen = (
        list(itertools.combinations(entrants, n))
        if groups is None
        else draw_groups(entrants, n, groups, seed)
    )
    jobs: list[tuple[Any, ...]] = []
    for g, group in enumerate(chosen):
        for k in range(seeds):
            turns = range(n) if seatings == "all" else [(g + k) % n]
            for r in turns:
                jobs.append((game, [group[(i + r) % n] for i in range(n)], seed + k))
    return jobs


def pairs(result: dict[str, Any]) -> list[tuple[str, str, float]]:
    """The game as games between every two players: ``(a, b, a's score)``, 1 a win, 0.5
    a draw (the one placed higher wins: a winner over a non-winner, else more points)."""
    out = []
    place = list(zip(result["won"], result["points"]))
    for i, j in itertools.combinations(range(len(place)), 2):
        a, b = result["seats"][i], result["seats"][j]
        if a != b:
            out.append((a, b, 1.0 if place[i] > place[j] else 0.0 if place[i] < place[j] else 0.5))
    return out


def fit(
    names: Sequence[str], games: Sequence[tuple[str, str, float]], iterations: int = 500
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale from ``(a, b, a's score)`` games, with one
    virtual draw between every two entrants; ``random`` (else the mean) is 0."""
    wins = {a: 0.0 for a in names}
    met: dict[tuple[str, str], float] = {}
    for a, b in itertools.combinations(names, 2):  # the virtual draw
        wins[a] += 0.5
        wins[b] += 0.5
        met[a, b] = met[b, a] = 1.0
    for a, b, s in games:
        wins[a] += s
        wins[b] += 1.0 - s
        met[a, b] = met.get((a, b), 0.0) + 1.0
        met[b, a] = met.get((b, a), 0.0) + 1.0
    near: dict[str, list[tuple[str, float]]] = {a: [] for a in names}
    for (a, b), m in met.items():
        near[a].append((b, m))
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            d = sum(m / (strength[a] + strength[b]) for b, m in near[a])
            new[a] = wins[a] / d
        mean = math.exp(statistics.mean(math.log(v) for v in new.values()))
        strength = {a: v / mean for a, v in new.items()}
    elo = {a: 400 * math.log10(v) for a, v in strength.items()}
    zero = elo.get("random", statistics.mean(elo.values()))
    return {a: v - zero for a, v in elo.items()}


def ratings(
    names: Sequence[str], results: Sequence[dict[str, Any]], seed: int = 0
) -> dict[str, Any]:
    """Each entrant's Elo, its 95% bootstrap interval (games resampled), its games, share
    of wins and mean points, and median seconds a decision."""
    games = [pairs(r) for r in results]
    elo = fit(names, [p for g in games for p in g])
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {a: [] for a in names}
    for _ in range(BOOTSTRAP):
        drawn = [games[rng.randrange(len(games))] for _ in games]
        for a, v in fit(names, [p for g in drawn for p in g], iterations=150).items():
            samples[a].append(v)
    out: dict[str, Any] = {}
    for a in names:
        mine = [(r, i) for r in results for i, s in enumerate(r["seats"]) if s == a]
        shares = [(1.0 / sum(r["won"])) if r["won"][i] else 0.0 for r, i in mine]
        ts = [t for r, i in mine for t in r["times"][i]]
        ordered = sorted(samples[a])
        out[a] = {
            "elo": elo[a],
            "ci95": (ordered[int(0.025 * BOOTSTRAP)], ordered[int(0.975 * BOOTSTRAP) - 1]),
            "games": len(mine),
            "win_share": statistics.mean(shares) if shares else 0.0,
            "points": statistics.mean(r["points"][i] for r, i in mine) if mine else 0.0,
            "s_per_decision": statistics.median(ts) if ts else 0.0,
        }
    return out


def _played(path: str) -> dict[str, dict[str, Any]]:
    """The games already in a results file (JSON lines), by their job's key."""
    out: dict[str, dict[str, Any]] = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    out[r["job"]] = r
    except FileNotFoundError:
        pass
    return out


def _key(job: tuple[Any, ...]) -> str:
    game, seats, seed = job
    return f"{game} {seed} {' '.join(label(k) for k in seats)}"


def _play_all(ex: Executor, jobs: list[tuple[Any, ...]], results: str) -> list[dict[str, Any]]:
    """Every job's game, in the jobs' order; with a ``results`` file, each game is
    written there as it ends and the games already written are not played again."""
    done = _played(results) if results else {}
    lock = threading.Lock()

    def keep(key: str, fut: Future[dict[str, Any]]) -> None:
        if results and fut.exception() is None:
            with lock, open(results, "a", encoding="utf-8") as f:
                f.write(json.dumps({"job": key, **fut.result()}) + "\n")

    futures = {}
    for job in jobs:
        key = _key(job)
        if key not in done and key not in futures:
            futures[key] = ex.submit(play, *job)
            futures[key].add_done_callback(functools.partial(keep, key))
    return [done[_key(j)] if _key(j) in done else futures[_key(j)].result() for j in jobs]


def run(
    games: Sequence[str],
    entrants: Sequence[Kind],
    seeds: int = 2,
    seed: int = 1000,
    executor: Executor | None = None,
    *,
    seatings: str = "all",
    groups: int | None = None,
    results: str = "",
) -> dict[str, Any]:
    """Play each game's round robin (:func:`schedule`) on ``executor`` (this process by
    default) and rate the entrants of each: ``{game: {label: figures}}`` (see
    :func:`ratings`). ``results``: a file (JSON lines) that keeps each game as it ends,
    so a run stopped part way goes on where it was."""
    ex = executor or InProcessExecutor()
    names = [label(k) for k in entrants]
    if len(set(names)) != len(names):
        raise MalformedInput("A ladder's entrants have distinct names.")
    out: dict[str, Any] = {}
    for game in games:
        start = conditions()
        jobs = schedule(game, entrants, seeds, seed, seatings, groups)
        played = _play_all(ex, jobs, results)
        out[game] = {
            "jobs": len(jobs),
            "design": design(game, len(entrants), seatings, groups),
            "conditions": (start, conditions()),
            "table": ratings(names, played),
        }
    return out


def design(game: str, entrants: int, seatings: str, groups: int | None) -> str:
    """The schedule in words, for a table's title."""
    _, n = parse_game(game)
    one, many = ("pair", "pairs") if n == 2 else (f"group of {n}", f"groups of {n}")
    every = math.comb(entrants, n)
    which = (
        f"every {one} of entrants"
        if groups is None or groups >= every
        else f"{groups} of the {every} {many} of entrants, drawn so each entrant plays as often"
    )
    return f"{'every seating' if seatings == 'all' else 'one seating'} of {which}"


def conditions() -> dict[str, Any]:
    """When and how the games ran: the UTC time, the engine (compiled or pure), the
    machine's load average (one minute), this process's nice value and its cores."""
    from .._engine_choice import engine_info
    from .parallel import cores

    return {
        "utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
        "engine": engine_info()["engine"],
        "load": round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None,
        "nice": os.nice(0) if hasattr(os, "nice") else 0,
        "cores": cores(),
    }


def _ran(f: dict[str, Any]) -> str:
    if "conditions" not in f:
        return ""
    a, b = f["conditions"]
    return (
        f"Played {a['utc']} to {b['utc']} UTC, the {a['engine']} engine, one process "
        f"(nice {a['nice']}, {a['cores']} core{'s' if a['cores'] > 1 else ''}), "
        f"the machine's load average {a['load']} then {b['load']}."
    )


def table(figures: dict[str, Any], seeds: int, seed: int) -> str:
    """The ratings as Markdown: one table a game, the strongest first, with N, the
    schedule and when and how the games ran."""
    lines = []
    for game, f in figures.items():
        name, n = parse_game(game)
        title = "The Alhambra" if name == "alhambra" else "The Gardens"
        deals = f"seed {seed}" if seeds == 1 else f"seeds {seed}-{seed + seeds - 1}"
        how = f.get("design", "every seating of every group of entrants")
        lines += [f"**{title}, {n} players**: {f['jobs']} games ({deals}, {how}).", ""]
        if _ran(f):
            lines += [_ran(f), ""]
        lines += [
            "| entrant | Elo | 95% interval | games | win share | points | s / decision |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for a, r in sorted(f["table"].items(), key=lambda kv: -kv[1]["elo"]):
            lo, hi = r["ci95"]
            lines.append(
                f"| {a} | {r['elo']:.0f} | {lo:.0f} to {hi:.0f} | {r['games']} | "
                f"{r['win_share']:.0%} | {r['points']:.1f} | {r['s_per_decision']:.3f} |"
            )
        lines.append("")
    # ends with a blank line: tables written by several runs can be joined as they are
    # (a line straight after a table would be read as one of its rows)
    return "\n".join(lines) + "\n"


def main(
    argv: list[str] | None = None,
    *,
    seat: Callable[[str], Any] = str,
    entrants: Sequence[str] = ENTRANTS,
) -> dict[str, Any]:
    """The command line: ``--games``, ``--entrants``, ``--seeds`` (deals per group of
    entrants), ``--seed``, ``--workers`` (1: this process), ``--out`` (the Markdown
    table's file), ``--seatings`` (``all`` or ``one`` a group and deal), ``--groups``
    (that many groups a game, :func:`draw_groups`, instead of all), ``--results`` (a
    JSON-lines file keeping each game; a rerun goes on from it). Another ladder passes ``seat``, which turns a name into an entrant,
    and its default ``entrants``."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", nargs="+", default=list(GAMES))
    ap.add_argument("--entrants", nargs="+", default=list(entrants))
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default="")
    ap.add_argument("--seatings", choices=["all", "one"], default="all")
    ap.add_argument("--groups", type=int, default=None, help="groups a game (default: all)")
    ap.add_argument("--results", default="", help="keep each game here (JSON lines)")
    args = ap.parse_args(argv)
    entrants = [seat(k) for k in args.entrants]
    with InProcessExecutor() if args.workers <= 1 else ProcessPoolExecutor(args.workers) as ex:
        figures = run(
            args.games,
            entrants,
            args.seeds,
            args.seed,
            ex,
            seatings=args.seatings,
            groups=args.groups,
            results=args.results,
        )
    text = table(figures, args.seeds, args.seed)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return figures


if __name__ == "__main__":
    main()

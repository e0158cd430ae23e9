"""Numbers and choose tasks: an oracle asks the engine for the answer, what a right
answer means, and what is wrong with another answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...engine.alhambra.components import Card, Tile, money_cards
from ...engine.alhambra.game import Game, dirk_draw
from ...engine.alhambra.scoring import POINTS, place_points, score_kind
from ...engine.errors import MalformedInput
from ...engine.gardens.components import TREES
from .core import (
    ORDINAL,
    Attempt,
    Lesson,
    Oracle,
    Pos,
    Task,
    Verdict,
    answer_field,
    cell_text,
    parse_cell,
    tile_words,
)
from .fact_oracles import FACT_OPTIONS, FACT_ORACLES
from .gardens_oracles import GARDENS_ORACLES
from .wall_mistakes import wall_mistake


def _majority(lesson: Lesson) -> Any:
    s = lesson.start
    return score_kind(s["kind"], s["counts"], s["round"])


def _o_majority(lesson: Lesson) -> Oracle:
    ks, s = _majority(lesson), lesson.start

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        # every wrong number is corrected, each with its own mistake (the first one's kind)
        told = [one(n, given) for n, v in ks.points.items() if given.get(n) != v]
        text = " ".join(t[0][0].upper() + t[0][1:] if i else t[0] for i, t in enumerate(told))
        return text, "R10", told[0][2]

    def one(name: str, given: dict[str, int]) -> tuple[str, str, str]:
        got, want = given.get(name), ks.points[name]
        if name not in ks.places:
            return (
                f"you gave {name} {got}, but {name} has no {s['kind']}, so takes no place and scores nothing (R10).",
                "R10",
                "place",
            )
        pooled = ks.shared.get(name, (ks.places[name],))  # the engine's pooling (R10)
        if len(pooled) > 1:
            group = [n for n, p in ks.places.items() if p == ks.places[name]]
            worth = "+".join(str(place_points(s["kind"], s["round"], p)) for p in pooled)
            return (
                (
                    f"you gave {name} {got}, but {' and '.join(sorted(group))} tie for {ORDINAL[ks.places[name]]} place, "
                    f"so they share {worth} and each gets {want}, rounded down (R10)."
                ),
                "R10",
                "shared",
            )
        places = len(POINTS[s["kind"]][s["round"] - 1])  # the places the round's table pays
        if ks.places[name] > places:
            paid = f"{places} place{'s' if places > 1 else ''}"
            return (
                f"you gave {name} {got}, but {name} is {ORDINAL[ks.places[name]]}, and round {s['round']} pays only {paid} (R10).",
                "R10",
                "place",
            )
        return (
            (
                f"you gave {name} {got}, but {name} is {ORDINAL[ks.places[name]]} with {ks.counts[name]}, "
                f"worth {want} in round {s['round']} (R10)."
            ),
            "R10",
            "place",
        )

    return Oracle(dict(ks.points), ks.explain() + " (R10).", wrong)


def _o_walls(lesson: Lesson) -> Oracle:
    a = lesson.alhambra()
    want = a.longest_wall()
    external, drawn = len(a.external_walls()), sum(len(t.walls) for t in a.tiles.values())

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["wall"]
        if got == drawn and drawn != external:
            return (
                f"{got} counts every wall drawn, but walls back to back between two tiles count for nothing (R11).",
                "R11",
                "inner",
            )
        if got == external and external != want:
            return (
                f"{got} counts every outer segment; only the longest trail joined end to end scores (R11).",
                "R11",
                "all_outer",
            )
        missed = wall_mistake(a, got, want)
        if missed is not None:
            return f"{got}: {missed[1]} (R11).", "R11", missed[0]
        return (
            f"{got} is too {'many' if got > want else 'few'}: follow one joined outer wall, segment by segment (R11).",
            "R11",
            "count",
        )

    return Oracle(
        {"wall": want}, f"the longest joined outer wall has {want} segments (R11).", wrong
    )


def _o_dirk(lesson: Lesson) -> Oracle:
    s = lesson.start
    want = dirk_draw(s["after_round"], s["bag"])

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["tiles"]
        if s["after_round"] == 2 and got == 6:
            return (
                "6 is what Dirk takes at setup and after round 1; after round 2 it is a third of the bag (R3).",
                "R3",
                "dirk",
            )
        if s["after_round"] == 2 and got == -(-s["bag"] // 3):
            return "a third of the bag is rounded down, not up (R3).", "R3", "dirk"
        return (
            f"{got} is not what Dirk takes from a bag of {s['bag']} after round {s['after_round']} (R3).",
            "R3",
            "dirk",
        )

    return Oracle(
        {"tiles": want},
        f"after round {s['after_round']} Dirk takes {want} of the {s['bag']} tiles (R3).",
        wrong,
    )


def _only_cell(lesson: Lesson) -> Pos:
    cells = lesson.alhambra().legal_positions(lesson.tile())
    if len(cells) != 1:
        raise MalformedInput(f"Lesson {lesson.id}: the tile fits {len(cells)} cells, not one.")
    return next(iter(cells))


def _o_coords(lesson: Lesson) -> Oracle:
    x, y = _only_cell(lesson)

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        gx, gy = given["x"], given["y"]
        v = lesson.alhambra().why_illegal(lesson.tile(), (gx, gy))
        if v is None:  # pragma: no cover - the tile fits one cell only
            return "that cell is not the one (R7a).", "R7a", "cell"
        there = f"at ({gx}, {gy}) the tile does not fit: {v}"
        if (gx, gy) == (y, x):
            why = "x and y are swapped: x counts east from the fountain, y counts south"
            return f"{why}; {there}", v.rule, "swapped"
        if (gx, gy) == (x, -y) and y:
            why = "y grows to the south: a cell north of the fountain has a negative y"
            return f"{why}; {there}", v.rule, "y_sign"
        if (gx, gy) == (-x, y) and x:
            why = "x grows to the east: a cell west of the fountain has a negative x"
            return f"{why}; {there}", v.rule, "x_sign"
        return f"the tile does not fit at ({gx}, {gy}): {v}", v.rule, v.rule

    return Oracle(
        {"x": x, "y": y},
        f"{tile_words(lesson.tile())} fits only at {cell_text((x, y))} (R7a, R7b).",
        wrong,
    )


def _money_cards(lesson: Lesson) -> int:
    g = Game([f"P{i}" for i in range(lesson.start["players"])], seed=0)
    return (
        len(g.display)
        + sum(len(p.money) for p in g.players)
        + sum(isinstance(c, Card) for c in g.deck)
    )


def _o_cards(lesson: Lesson) -> Oracle:
    want, n = _money_cards(lesson), lesson.start["players"]
    full, deck = money_cards(), money_cards(n == 2)  # the engine's decks: the working from them
    kinds, values = len({c.currency for c in full}), len({c.value for c in full})
    gone = len(full) - len(deck)

    def wrong(given: dict[str, int]) -> tuple[str, str, str]:
        got = given["cards"]
        if n > 2 and got == len(money_cards(True)):
            return (
                f"{got} is the two-player game, where one card of each currency and value leaves (R3).",
                "R3",
                "two_players",
            )
        if gone and got == len(full):
            return (
                f"{got} is every card in the box: with two players, {gone} cards leave first, one of each "
                "currency and value (R3).",
                "R3",
                "none_left",
            )
        if gone and got in (len(full) - kinds, len(full) - values):
            each = "currency" if got == len(full) - kinds else "value"
            return (
                f"{got} takes away one card per {each} only; one card of each currency and value leaves: "
                f"{kinds} × {values} = {gone} cards (R3).",
                "R3",
                f"one_per_{each}",
            )
        if gone:
            return (
                f"{got} is not it: from the {len(full)} cards in the box, one card of each currency and "
                "value leaves (R3).",
                "R3",
                "count_two",
            )
        return (
            f"{got} is not it: count four currencies, values 1 to 9, and how many of each (R1).",
            "R1",
            "count",
        )

    copies = full.count(full[0])
    worked = f"{kinds} currencies × {values} values × {copies} cards of each = {len(full)}"
    if len(deck) == len(full):
        return Oracle(
            {"cards": want}, f"{worked}: a game of {n} players uses {want} money cards (R1).", wrong
        )
    return Oracle(
        {"cards": want},
        f"{worked} (R1); with two, one of each currency and value leaves: "
        f"{len(full)} − {gone} = {want} money cards (R3).",
        wrong,
    )


def _o_after_turn(lesson: Lesson) -> Oracle:
    """R9: the end of a turn, played by the engine: the refill from the deck (a scoring
    card drawn is set aside, drawing goes on), or what the display holds then."""
    g = lesson.game()
    deck = len(g.deck)
    for a in lesson.start["then"]:
        g.apply(Game.action_from_json(a))
    if lesson.want["ask"] == "drawn":
        drawn, rounds = deck - len(g.deck), len(g.rounds)

        def wrong_drawn(given: dict[str, int]) -> tuple[str, str, str]:
            if given["cards"] == drawn - rounds:
                return (
                    (
                        f"{given['cards']} counts the money cards only: a scoring card drawn is set aside and drawing goes on, "
                        "so it is drawn as well (R9)."
                    ),
                    "R9",
                    "scoring_card",
                )
            return (
                f"{given['cards']} is not it: draw card by card from the deck's top until the display is full (R9).",
                "R9",
                "refill",
            )

        right = (
            f"{drawn} cards: the display's empty places filled, and a scoring card set aside on the way"
            if rounds
            else f"{drawn} cards"
        )
        return Oracle(
            {"cards": drawn},
            right + f"; scoring round {rounds} came before the next player acted (R9)."
            if rounds
            else right + " (R9).",
            wrong_drawn,
        )
    n = len(g.display)

    def wrong_display(given: dict[str, int]) -> tuple[str, str, str]:
        return (
            f"{given['cards']} is not it: at the end of every turn the display is refilled from the deck (R9).",
            "R9",
            "refill",
        )

    return Oracle(
        {"cards": n},
        f"the display was refilled to {n} cards from the deck at the end of the turn (R9).",
        wrong_display,
    )


def _o_starting_player(lesson: Lesson) -> Oracle:
    s = lesson.start
    g = Game(list(s["game"]["players"]), seed=s["game"]["seed"])
    who = g.players[g.starting_player]
    key = ", ".join(
        f"{p.name} {len(p.money)} cards / {sum(c.value for c in p.money)}" for p in g.players
    )

    def wrong(name: str) -> tuple[str, str, str]:
        p = g.player(name)
        if len(p.money) > len(who.money):
            return (
                f"{name} holds {len(p.money)} cards, and someone holds fewer: the fewest cards start (R2).",
                "R2",
                "starting_player",
            )
        return (
            f"{name} holds as many cards as another player, whose total is lower: then the lowest total starts (R2).",
            "R2",
            "starting_player",
        )

    return Oracle(
        who.name, f"{who.name} starts: fewest cards, then the lowest total ({key}) (R2).", wrong
    )


def _turns_told(lesson: Lesson) -> str:
    """Who started and, action by action, whether it ended the turn: the engine's
    replay of the lesson's seed and actions (R2, R4, R13)."""
    d = lesson.start["game"]
    g = Game(list(d["players"]), seed=d["seed"], **d.get("options", {}))
    told = [f"{g.current_player.name} started (the fewest cards, R2)"]
    for a in d.get("actions", []):
        who = g.current_player.name
        said = g.apply(Game.action_from_json(a))[0].text.rstrip(".")
        if g.current_player.name != who:
            told.append(f"{said}: that ended the turn")
        elif g.phase == "act":
            told.append(f"{said}: another action (R4)")
        else:
            told.append(f"{said}: no more actions, {who} places what was bought (R9)")
    return "; ".join(told)


def _o_to_move(lesson: Lesson) -> Oracle:
    who = lesson.game().current_player.name
    return Oracle(
        who,
        f"it is {who}'s turn: the same seed and actions always give the same game (R13).",
        lambda name: (
            f"it is not {name}'s turn. {_turns_told(lesson)}. Only an exact payment gives another "
            "action (R4), and the same seed and actions always give the same game (R13).",
            "R13",
            "to_move",
        ),
    )


def _o_gift(lesson: Lesson) -> Oracle:
    s = lesson.start
    cur = s["currency"]
    g = Game(list(s["hands"]), seed=0)  # the lesson's hands, and a tile in every market slot
    g.edit(players={n: {"money": cards} for n, cards in s["hands"].items()})
    [(_c, _t, receiver, _top)] = [
        x for x in g.gifts() if x[0] == cur
    ]  # R12, as the engine gives it
    held = {p.name: p.money_of(cur) for p in g.players}
    listed = ", ".join(f"{n} {v}" for n, v in held.items())

    def wrong(name: str) -> tuple[str, str, str]:
        if name == "nobody":
            return (
                f"one player holds more {cur} than each other player, so the tile goes to that player (R12).",
                "R12",
                "gift",
            )
        if receiver is None:
            return (
                f"{name} holds {held[name]} {cur}, and the most is held by two players: on a tie for most the tile stays (R12).",
                "R12",
                "gift",
            )
        return (
            f"{name} holds {held[name]} {cur}; another player holds more. Count the values of {cur} cards, not the cards (R12).",
            "R12",
            "gift",
        )

    right = (
        f"{receiver} holds the most {cur} ({listed}) and receives the tile (R12)."
        if receiver
        else f"nobody: a tie for the most {cur} ({listed}), so the tile stays (R12)."
    )
    return Oracle(receiver or "nobody", right, wrong)


def _o_winning_kind(lesson: Lesson) -> Oracle:
    from ...engine.gardens.game import explain_winner

    trees = lesson.start["trees"]
    winner, why = explain_winner(trees)

    def wrong(kind: str) -> tuple[str, str, str]:
        if kind == "nobody":
            return "not every count is shared, so a kind wins (G4).", "G4", "winning_kind"
        n = trees.get(kind, 0)
        tied = [k for k, v in trees.items() if v == n and k != kind]
        if tied:
            return (
                f"{kind} has {n}, tied with {' and '.join(tied)}: tied kinds drop out (G4).",
                "G4",
                "winning_kind",
            )
        return (
            f"{kind} has {n}: the winner is the highest count that no other kind shares (G4).",
            "G4",
            "winning_kind",
        )

    return Oracle(winner or "nobody", why + " (G4).", wrong)


def option_scores(lesson: Lesson) -> dict[str, tuple[int, str]]:
    """Strategy lessons: each option applied to the what-if position; its margin
    (your points in the round minus the best other player's) and a sentence."""
    from ...whatif import Position

    s = lesson.start
    me, rnd = s["me"], s["round"]
    # Dirk is a rival only under the game's dirk_can_win option (R3; the engine's default
    # unless the lesson says)
    dirk_can_win = bool(s.get("dirk_can_win", Game.OPTIONS["dirk_can_win"][1]))
    out = {}
    for opt in s["options"]:
        p = Position.from_description(s["position"])
        for step in opt["do"]:
            op, *args = step
            if op == "add":
                p.add(args[0], args[1], parse_cell(args[2]))
            elif op == "give_dirk":
                p.give_dirk(args[0])
            elif op == "remove":
                p.remove(args[0], parse_cell(args[1]))
            elif op == "reserve":
                p.seats[args[0]].reserve.append(Tile.parse(args[1]))
            else:
                raise MalformedInput(f"unknown what-if step {op!r}")
        r = p.score(rnd)
        totals = r.totals
        rivals = [n for n in totals if n != me and (dirk_can_win or n != p.dirk_name)]
        others = {n: totals[n] for n in rivals}
        rival = max(others, key=lambda n: others[n])
        margin = totals[me] - others[rival]
        out[opt["label"]] = (
            margin,
            f"with “{opt['label']}” round {rnd} gives you {totals[me]} ({_reasons(r, me)}) "
            f"and {rival} {others[rival]} ({_reasons(r, rival)}), a margin of {margin:+d}",
        )
    return out


def _reasons(r: Any, name: str) -> str:
    """Where a player's points in a scoring round come from: each kind's place, the wall."""
    parts = [f"{k.kind} {k.points[name]}" for k in r.kinds if k.points.get(name)]
    wall = r.walls.get(name)
    if wall is not None and wall.length:
        parts.append(f"wall +{wall.length}")
    return ", ".join(parts) or "nothing"


def _o_best(lesson: Lesson) -> Oracle:
    scored = option_scores(lesson)
    best = max(scored, key=lambda k: scored[k][0])
    rules = " and ".join(lesson.rules)
    return Oracle(
        best,
        scored[best][1] + ": the best margin of the choices.",
        lambda label: (
            f"{scored[label][1]}; another choice leaves a bigger margin over the best other player ({rules}).",
            lesson.rules[0],
            "best",
        ),
    )


ORACLES: dict[str, Callable[[Lesson], Oracle]] = {
    **GARDENS_ORACLES,
    **FACT_ORACLES,
    # numbers
    "majority": _o_majority,
    "walls": _o_walls,
    "dirk": _o_dirk,
    "coords": _o_coords,
    "cards": _o_cards,
    "after_turn": _o_after_turn,
    # choose
    "starting_player": _o_starting_player,
    "to_move": _o_to_move,
    "gift": _o_gift,
    "winning_kind": _o_winning_kind,
    "best": _o_best,
}
"""Oracle name (a lesson's ``want["oracle"]``) -> what the engine says about it."""


def number_fields(lesson: Lesson) -> list[str]:
    """The names of the numbers a lesson asks for (shown as labelled boxes)."""
    return list(ORACLES[lesson.want["oracle"]](lesson).answer)


def options(lesson: Lesson) -> list[str]:
    """The choices a choose lesson offers (all of them, whatever the answer)."""
    o, s = lesson.want["oracle"], lesson.start
    if o in ("starting_player", "to_move"):
        return list(s["game"]["players"])
    if o == "gift":
        return [*s["hands"], "nobody"]
    if o == "winning_kind":
        return [*TREES, "nobody"]
    if o == "g_side":
        return list(TREES)
    if o in FACT_OPTIONS:
        return FACT_OPTIONS[o](s)
    return [opt["label"] for opt in s["options"]]


def _cited(text: str) -> str:
    """The ruling a sentence cites last ("... (R11)."): the chip next to it says the same."""
    ids = re.findall(r"\b([RG]\d{1,2}[a-z]?)\b", text)
    return ids[-1] if ids else ""


def _judge_oracle(lesson: Lesson, given: Any) -> Verdict:
    o = ORACLES[lesson.want["oracle"]](lesson)
    if given == o.answer:
        return Verdict(True, o.right, _cited(o.right) or lesson.rules[0])
    text, rule, mistake = o.wrong(given)
    return Verdict(False, text, rule, mistake)


def _judge_numbers(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    raw = answer_field(payload, "numbers")
    if not isinstance(raw, dict):
        raise MalformedInput("Numbers are an object: name -> whole number.")
    given: dict[str, int] = {}
    for k in number_fields(lesson):
        v = raw.get(k)
        if v is None or v == "":
            raise MalformedInput(f"Enter a number for {k}.")
        try:
            given[k] = int(v)
        except (TypeError, ValueError):
            raise MalformedInput(f"{k}: {v!r} is not a whole number.") from None
    return _judge_oracle(lesson, given)


def _judge_choose(at: Attempt, payload: object) -> Verdict:
    lesson = at.lesson
    pick = answer_field(payload, "choice")
    if pick not in options(lesson):
        raise MalformedInput(f"Choose one of {options(lesson)}.")
    return _judge_oracle(lesson, pick)


def _sol_numbers(lesson: Lesson) -> list[list[dict[str, Any]]]:
    return [[{"numbers": ORACLES[lesson.want["oracle"]](lesson).answer}]]


def _sol_choose(lesson: Lesson) -> list[list[dict[str, Any]]]:
    return [[{"choice": ORACLES[lesson.want["oracle"]](lesson).answer}]]


ORACLE_TASKS: dict[str, Task] = {
    "numbers": Task(_judge_numbers, _sol_numbers, "numbers"),
    "choose": Task(_judge_choose, _sol_choose, "choose"),
}
"""The kinds of answer asked of an oracle (numbers, a choice), for :data:`~.core.TASKS`."""

"""The research interfaces: the integer encoding is a bijection onto the
engine's legal moves; observations hold only what the seat may see; PettingZoo's,
Gymnasium's and OpenSpiel's own test suites pass; the arena takes any executor and
can seat OpenSpiel's ISMCTS."""

import hashlib
import random
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations_with_replacement

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from alhambra_widget.engine.alhambra.components import CURRENCIES  # noqa: E402
from alhambra_widget.engine.alhambra.game import Game  # noqa: E402
from alhambra_widget.engine.alhambra.listing import takes  # noqa: E402
from alhambra_widget.engine.errors import IllegalAction, MalformedInput  # noqa: E402
from alhambra_widget.engine.gardens.game import GardensGame  # noqa: E402
from alhambra_widget.players.arena import run  # noqa: E402
from alhambra_widget.research import alhambra_v1, gardens_v1  # noqa: E402
from alhambra_widget.research.codec import (  # noqa: E402
    ALHAMBRA_SIZE,
    BUY,
    CARDS,
    GARDENS_SIZE,
    TAKES,
    AlhambraCodec,
    Steps,
    cell_index,
    codec_for,
)
from alhambra_widget.research.observe import observation, text  # noqa: E402
from alhambra_widget.whatif import InProcessExecutor  # noqa: E402


def _game(kind, n, seed):
    names = [f"P{i}" for i in range(n)]
    return GardensGame(names, seed=seed) if kind == "gardens" else Game(names, seed=seed)


def _random_states(kind, n, seed, every=7):
    """Steps objects at states along a random game played by steps (begun moves too)."""
    rng = random.Random(seed)
    s = Steps(_game(kind, n, seed))
    k = 0
    while not s.over:
        if k % every == 0:
            yield s
        s.step(rng.choice(s.legal()))
        k += 1


GAMES = [("alhambra", 2), ("alhambra", 3), ("alhambra", 6), ("gardens", 2), ("gardens", 4)]


@pytest.mark.parametrize(("kind", "n"), GAMES)
def test_r4_the_encoding_is_a_bijection_onto_the_legal_moves(kind, n):
    """Every legal engine move has one sequence of steps, distinct and prefix-free;
    decoding gives the move back; following its steps applies exactly that move; the
    steps allowed at the start are exactly the first steps of those sequences."""
    for seed in (1, 2):
        for s in _random_states(kind, n, seed, every=23):
            if s.prefix:
                continue
            g = s.game
            codec = codec_for(g)
            seqs = {}
            for a in g.legal_actions():
                seq = codec.encode(g, a)
                assert all(0 <= i < codec.size for i in seq)
                assert seq not in seqs, f"{a} and {seqs.get(seq)} share {seq}"
                seqs[seq] = a
                assert codec.decode(g, seq) == a
            for seq in seqs:  # prefix-free
                assert not any(seq[:k] in seqs for k in range(1, len(seq)))
            assert set(s.legal()) == {seq[0] for seq in seqs}
            for seq, a in random.Random(seed).sample(sorted(seqs.items()), min(5, len(seqs))):
                t = s.copy()
                moves = [t.step(i) for i in seq]
                assert moves[:-1] == [None] * (len(seq) - 1) and moves[-1] == a
                ref = g.copy()
                ref.apply(a)
                assert t.game.digest() == ref.digest()


@pytest.mark.parametrize(("kind", "n"), GAMES)
def test_r4_a_step_not_allowed_is_refused_with_a_ruling_and_changes_nothing(kind, n):
    rng = random.Random(5)
    for s in _random_states(kind, n, 3, every=31):
        allowed = set(s.legal())
        digest, prefix = s.game.digest(), s.prefix
        for i in rng.sample(range(s.codec.size), 40):
            if i in allowed:
                continue
            with pytest.raises(IllegalAction) as e:
                s.step(i)
            assert e.value.rule and e.value.sentence
            assert s.game.digest() == digest and s.prefix == prefix
        for bad in (-1, s.codec.size, "3"):
            with pytest.raises(MalformedInput):
                s.step(bad)


def test_r8_a_refused_whole_move_carries_the_engines_own_refusal():
    from alhambra_widget.engine.alhambra.actions import ToReserve

    s = Steps(Game(["A", "B", "C"], seed=4))
    with pytest.raises(IllegalAction) as e:
        s.step(cell_index((0, 0)))  # the fountain to the reserve
    assert e.value.rule == "R8"
    assert e.value.sentence == s.game.why_illegal(ToReserve((0, 0))).sentence


def test_r6_buying_a_tile_one_cannot_afford_is_refused_at_the_first_step():
    s = Steps(Game(["A", "B", "C"], seed=4))
    g = s.game
    cur = next(
        c for c, t in g.market.items() if t is not None and g.current_player.money_of(c) < t.price
    )
    with pytest.raises(IllegalAction) as e:
        s.step(BUY + CURRENCIES.index(cur))
    assert e.value.rule == "R6"


def test_r1_the_action_spaces_are_fixed():
    assert ALHAMBRA_SIZE == 375 + 4 + 9 + 1 + 54 + 109 * 109 + 3
    assert GARDENS_SIZE == 36 * 36 * 4


def test_r5_the_takes_numbered_are_the_engines_from_every_display_of_four_cards():
    """The encoding numbers the engine's listing of R5, not a copy of the rule: every
    choice the engine lists from any display of four of the 36 cards (with repeats:
    three copies each, R1) is one of TAKES, and nothing else is."""
    listed = set()
    for display in combinations_with_replacement(CARDS, 4):
        listed.update(a.cards for a in takes(display))
    assert listed == set(TAKES) and len(TAKES) == len(listed) == 375


def test_the_take_numbers_stay_as_published():
    """The numbers are an interface (docs/research.md): take k names the same cards as
    before the takes came from the engine's listing (digest of every take step's words)."""
    assert [AlhambraCodec.describe(i) for i in (0, 35, 36, 37, BUY - 1)] == [
        "take denar 1",
        "take florin 9",
        "take denar 1 + denar 1",
        "take denar 1 + denar 2",
        "take florin 1 + florin 1 + florin 1 + florin 2",
    ]
    words = "|".join(AlhambraCodec.describe(i) for i in range(BUY))
    assert hashlib.sha256(words.encode()).hexdigest()[:16] == "76bdbd7ceadf671f"


@pytest.mark.parametrize(("kind", "n"), GAMES)
def test_r2_no_peeking_observation_unchanged_when_the_unseen_is_rearranged(kind, n):
    """What a seat cannot see (the others' hands, the deck, the bag, where the scoring
    cards lie) is redrawn by the engine's determinize: the seat's observation and text
    stay the same, while another seat's (whose hand was redrawn) changes at times, so
    the test can see a peek."""
    changed = 0
    for s in _random_states(kind, n, 9, every=17):
        for seat in range(n):
            if s.prefix and seat != s.game.current:
                continue  # (see Steps.determinize: a move begun by another seat)
            d = s.determinize(seat, 77)
            assert observation(d, seat) == observation(s, seat)
            assert text(d, seat) == text(s, seat)
            other = (seat + 1) % n
            changed += observation(d, other) != observation(s, other)
    assert changed > 0


@pytest.mark.parametrize(
    ("mod", "n"),
    [(alhambra_v1, 2), (alhambra_v1, 3), (alhambra_v1, 6), (gardens_v1, 2), (gardens_v1, 4)],
)
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # dict observations, as in chess
def test_pettingzoo_api_and_seed_tests_pass(mod, n):
    from pettingzoo.test import api_test, seed_test

    api_test(mod.env(players=n), num_cycles=200)
    seed_test(lambda: mod.env(players=n), num_cycles=50)


@pytest.mark.parametrize(("mod", "n"), [(alhambra_v1, 3), (gardens_v1, 2)])
def test_r12_a_masked_random_episode_ends_with_the_winners_sharing_1(mod, n):
    import numpy as np

    env = mod.env(players=n, render_mode="svg")
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sum(total.values()) == pytest.approx(1.0)
    assert env.render().startswith("<svg")
    assert set(total) == set(env.possible_agents)


def test_gymnasium_check_env_passes_and_the_episode_plays_against_greedy():
    from gymnasium.utils.env_checker import check_env

    from alhambra_widget.research.gym_env import SeatEnv

    for kw in (
        {},
        {"game": "gardens", "players": 3},
        {"players": 4, "opponents": "random", "seat": 2},
    ):
        check_env(SeatEnv(**kw), skip_render_check=True)
    env = SeatEnv(opponents="greedy")
    obs, _ = env.reset(seed=1)
    rng = random.Random(0)
    done = False
    while not done:
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        obs, r, done, _, info = env.step(rng.choice(legal))
    assert r in (0.0, 0.5, 1.0) and "scores" in info
    obs, r, done, _, info = SeatEnv().reset(seed=1)[0], *SeatEnv().step(0)[1:]
    assert done and r == -1.0 and info["rule"]


@pytest.mark.parametrize(
    ("name", "n", "sims"),
    [("python_gardens", 2, 3), ("python_gardens", 4, 1), ("python_alhambra", 2, 1)],
)
def test_openspiel_random_sim_test_with_serialization(name, n, sims):
    import alhambra_widget.research.openspiel_games  # noqa: F401 - registers the games

    game = pyspiel.load_game(name, {"players": n, "deals": 1000})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_openspiel_resample_keeps_the_information_state_and_ismcts_plays():
    import numpy as np

    from alhambra_widget.research.openspiel_games import ismcts_bot

    game = pyspiel.load_game("python_alhambra", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(11)
    rng = np.random.default_rng(2)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.legal_actions() == state.legal_actions()
    bot = ismcts_bot(game, simulations=8, seed=1)
    a = bot.step(state)
    assert a in state.legal_actions()
    worlds = [
        [b.resample_from_infostate(state).steps.game.digest() for _ in range(3)]
        for b in (ismcts_bot(game, seed=4), ismcts_bot(game, seed=4), ismcts_bot(game, seed=5))
    ]
    assert worlds[0] == worlds[1] != worlds[2]  # the same seed, the same worlds searched
    assert len(set(worlds[0])) == 3


def test_the_arena_gives_the_same_figures_on_any_executor_and_seats_ismcts():
    """Threads, a local Dask cluster and this process give the same wins and points for
    the same seeds; OpenSpiel's ISMCTS takes a seat."""
    from alhambra_widget.research.openspiel_games import IsmctsSeat

    kinds = [IsmctsSeat(2), "random"]
    base = run(kinds, 2, seed=5, executor=InProcessExecutor(), quiet=True)
    with ThreadPoolExecutor(2) as ex:
        threads = run(kinds, 2, seed=5, executor=ex, quiet=True)
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        dask = run(kinds, 2, seed=5, executor=client.get_executor(), quiet=True)
    assert set(base) == {"openspiel-ismcts:2", "random"}
    for out in (threads, dask):
        for k in base:
            assert (out[k]["wins"], out[k]["points"]) == (base[k]["wins"], base[k]["points"])


def test_r12_the_points_variant_is_zero_sum_and_options_reach_the_engine():
    import numpy as np

    for mod, kw in (
        (alhambra_v1, {"players": 2, "dirk_can_win": True}),
        (gardens_v1, {"players": 2, "hand_size": 3}),
    ):
        env = mod.env(rewards="points", **kw)
        env.reset(seed=8)
        game = env.unwrapped.steps.game
        assert getattr(game, "dirk_can_win", None) or getattr(game, "hand_size", 0) == 3
        rng = np.random.default_rng(1)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert sum(total.values()) == pytest.approx(0.0)
        scores = list(game.scores.values())
        assert total["player_0"] == pytest.approx((scores[0] - scores[1]) / 100)


@pytest.mark.parametrize(("game", "n"), [("alhambra", 3), ("gardens", 2)])
def test_render_rgb_array_draws_the_position_and_changes_with_it(game, n):
    """render() gives an RGB array where asked, for both the AEC environment
    and the Gymnasium wrapper: the engine's picture, which changes as the game goes on."""
    import numpy as np

    from alhambra_widget.research.gym_env import SeatEnv

    mod = alhambra_v1 if game == "alhambra" else gardens_v1
    env = mod.env(players=n, render_mode="rgb_array")
    env.reset(seed=5)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert (
        first.shape[0] > 50
        and first.shape[1] > 100
        and len(np.unique(first.reshape(-1, 3), axis=0)) > 4
    )
    rng = np.random.default_rng(1)
    for _ in range(12):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    later = env.render()
    assert later.shape == first.shape and not np.array_equal(later, first)
    g = SeatEnv(game=game, players=n, render_mode="rgb_array")
    g.reset(seed=2)
    assert g.render().shape[2] == 3


def _known_state(seed=4, n=3):
    """Steps at a position (no move begun) where a seat other than the one to move
    holds a card everyone saw it take (R5), with that seat and card."""
    rng = random.Random(seed)
    s = Steps(_game("alhambra", n, seed))
    while True:
        s.step(rng.choice(s.legal()))
        if s.prefix:
            continue
        g = s.game
        for j in range(n):
            if (
                j != g.current
                and g.known_money()[j]
                and any(type(c).__name__ == "Card" for c in g.deck)
            ):
                return s, j, g.known_money()[j][0]


def test_r6_an_opponents_publicly_known_money_is_in_the_observation():
    """Two positions differing only in an opponent's publicly known cards (one card it
    was seen to take is swapped, by an edit, for one from the deck) give different
    observations and texts to the seat to move; a redraw of what nobody saw gives the
    same (the no-peek test above), so the difference is the known cards."""
    s, j, card = _known_state()
    g = s.game
    seat = g.current
    other = s.copy()
    deck = list(other.game.deck)
    k = next(i for i, c in enumerate(deck) if type(c).__name__ == "Card" and c != card)
    hand = list(other.game.players[j].money)
    hand[hand.index(card)], deck[k] = deck[k], card
    other.game.edit(players={g.players[j].name: {"money": hand}}, deck=deck[::-1])
    assert other.game.known_money()[j] != g.known_money()[j]
    assert len(other.game.players[j].money) == len(g.players[j].money)
    assert other.game.display == g.display and other.game.discard == g.discard
    assert observation(other, seat) != observation(s, seat)
    assert text(other, seat) != text(s, seat)
    same = s.determinize(seat, 3)  # what nobody saw redrawn: the known cards kept
    assert observation(same, seat) == observation(s, seat)


def _played(name, n, steps, seed=0):
    import numpy as np

    import alhambra_widget.research.openspiel_games  # noqa: F401 - registers the games

    game = pyspiel.load_game(name, {"players": n})
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        assert len(outcomes) <= 256  # no node lists every deal
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    for _ in range(steps):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return game, state


@pytest.mark.parametrize(("name", "n"), [("python_alhambra", 3), ("python_gardens", 2)])
def test_openspiel_observation_types_are_honoured(name, n):
    """Public-only: no private card (unchanged when the seat's own secret cards are
    redrawn, while the default observation changes); private-only: the seat's own hand
    alone; the information state (perfect recall) remembers the steps since the deal."""
    from open_spiel.python.observation import make_observation

    game, state = _played(name, n, 40 if name == "python_alhambra" else 12)
    p = state.current_player()
    kind = pyspiel.IIGObservationType
    public = make_observation(
        game,
        kind(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    private = make_observation(
        game,
        kind(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    default = make_observation(game)
    other_seat = (p + 1) % n
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = 0
    for _ in range(6):  # p's secret cards redrawn (a world another seat may imagine)
        world = state.resample_from_infostate(other_seat, sampler)
        for obs in (public, default):
            obs.set_from(state, p)
            a, sa = obs.tensor.copy(), obs.string_from(state, p)
            obs.set_from(world, p)
            if obs is public:
                assert list(obs.dict) == ["public"]
                assert (obs.tensor == a).all() and obs.string_from(world, p) == sa
                assert not any(line.startswith("hand") for line in sa.splitlines())
            else:
                changed += not (obs.tensor == a).all()
    assert changed > 0
    private.set_from(state, p)
    assert list(private.dict) == ["private"]
    hand = observation(state.steps, p)[: len(private.tensor)]
    assert list(private.tensor) == hand and sum(hand) > 0
    words = private.string_from(state, p)
    assert words.startswith(f"seat {p} of {n}\nhand") and len(words.splitlines()) == 2
    info = state.information_state_string(p)
    assert info.startswith(state.observation_string(p)) and "record" in info
    assert len(state.information_state_tensor(p)) == len(state.observation_tensor(p))


def test_openspiel_the_information_state_has_perfect_recall():
    """The information-state string ends with the seat's record: every step since the
    deal, in order, and the tiles the seat drew (G3), never another seat's draw; two
    histories differ in it; a clone keeps it."""
    _, a = _played("python_gardens", 2, 14, seed=1)
    _, b = _played("python_gardens", 2, 14, seed=2)
    p = a.current_player()
    moves = [(h.player, h.action) for h in a.full_history() if h.player >= 0]
    words = a.information_state_string(p).split("\nrecord ", 1)[1].split()
    steps = [int(w) for w in words if w.isdigit()]
    drawn = [w for w in words if w.startswith("G")]
    assert steps == [m for _, m in moves]
    mine = sum(1 for who, _ in moves if who == p)
    assert words.count("drew") == mine and len(drawn) == mine  # one tile a lay, its own
    assert a.information_state_string(p) != b.information_state_string(p)
    assert a.clone().information_state_string(p) == a.information_state_string(p)


def test_openspiel_refuses_players_out_of_range_at_load_and_evaluate_bots_plays_ismcts():
    import numpy as np
    from open_spiel.python.algorithms import evaluate_bots

    from alhambra_widget.research.openspiel_games import ismcts_bot

    for name, n in (("python_alhambra", 7), ("python_alhambra", 1), ("python_gardens", 5)):
        with pytest.raises(IllegalAction) as e:
            pyspiel.load_game(name, {"players": n})
        assert e.value.rule in ("R1", "G2")  # the engine's own refusal (one tree kind each, G2)
    game = pyspiel.load_game("python_gardens", {"players": 2})
    bots = [ismcts_bot(game, simulations=2, seed=1), pyspiel.make_uniform_random_bot(1, 3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.default_rng(1))
    assert sum(returns) == pytest.approx(1.0)


@pytest.mark.parametrize("mod", [alhambra_v1, gardens_v1])
def test_pettingzoo_render_test_passes_and_the_old_versions_say_what_replaced_them(mod, capsys):
    from pettingzoo.test import render_test
    from pettingzoo.utils.deprecated_module import DeprecatedEnv

    from alhambra_widget.research import alhambra_v0, gardens_v0

    render_test(
        lambda render_mode=None: mod.env(players=2, render_mode=render_mode),
        custom_tests={"svg": lambda r: r.startswith("<svg")},
    )
    shown = capsys.readouterr().out  # human mode, outside a notebook: the text
    assert "turn" in shown and "seed" not in shown
    assert not any(line.startswith("hand") for line in shown.splitlines())
    for old in (alhambra_v0, gardens_v0):
        with pytest.raises(DeprecatedEnv, match="_v1"):
            old.env()


def test_rgb_array_keeps_one_size_for_a_whole_six_player_game():
    import numpy as np

    env = alhambra_v1.env(players=6, render_mode="rgb_array")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    shapes, k = set(), 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if k % 60 == 0 or term:
            shapes.add(env.render().shape)
        k += 1
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert shapes == {(600, 800, 3)} and k > 300


def test_gymnasium_ids_are_registered():
    import gymnasium as gym

    for gid, size in (
        ("alhambra_widget/Alhambra-v1", ALHAMBRA_SIZE),
        ("alhambra_widget/Gardens-v1", GARDENS_SIZE),
    ):
        env = gym.make(f"alhambra_widget.research.gym_env:{gid}", opponents="random")
        obs, _ = env.reset(seed=1)
        assert env.action_space.n == size and obs["action_mask"].sum() > 0


def test_the_research_ladder_rates_openspiel_ismcts_beside_the_package_bots(tmp_path):
    from alhambra_widget.research.ladder import main

    out = tmp_path / "t.md"
    figures = main(
        [
            "--games",
            "gardens:2",
            "--entrants",
            "ismcts:2",
            "random",
            "--seeds",
            "1",
            "--out",
            str(out),
        ]
    )
    table = figures["gardens:2"]["table"]
    assert set(table) == {"openspiel-ismcts:2", "random"} and table["random"]["elo"] == 0
    assert "| openspiel-ismcts:2 |" in out.read_text()


def test_the_documented_layout_is_the_observations():
    """docs/research.md's layout tables give every section's offset and length as the
    vectors are built: each section's numbers lie where the page says (the known-money
    part of the seats, the discard pile and the hand checked against the engine)."""
    import re
    from pathlib import Path

    from alhambra_widget.research.observe import layout

    page = (Path(__file__).parent.parent / "docs" / "research.md").read_text()
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \|", page, re.M)
    documented = [(n, int(o), int(k)) for n, o, k in rows]
    built = [(n, o, k) for g in ("alhambra", "gardens") for n, o, k, _ in layout(g)]
    assert documented == built
    s, j, card = _known_state()
    seat = s.game.current
    obs = observation(s, seat)
    at = {n: (o, k) for n, o, k, _ in layout("alhambra")}
    o, _ = at["hand"]
    assert sum(obs[o : o + 36]) == len(s.game.players[seat].money)
    o, _ = at["discard"]
    assert sum(obs[o : o + 36]) == len(s.game.discard)
    o, _ = at["seats"]
    r = (j - seat) % len(s.game.players)
    known = obs[o + r * 41 + 5 : o + (r + 1) * 41]
    assert known[CARDS.index(card)] >= 1 and sum(known) == len(s.game.known_money()[j])

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
from alhambra_widget.research import alhambra_v0, gardens_v0  # noqa: E402
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
    [(alhambra_v0, 2), (alhambra_v0, 3), (alhambra_v0, 6), (gardens_v0, 2), (gardens_v0, 4)],
)
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # dict observations, as in chess
def test_pettingzoo_api_and_seed_tests_pass(mod, n):
    from pettingzoo.test import api_test, seed_test

    api_test(mod.env(players=n), num_cycles=200)
    seed_test(lambda: mod.env(players=n), num_cycles=50)


@pytest.mark.parametrize(("mod", "n"), [(alhambra_v0, 3), (gardens_v0, 2)])
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
        (alhambra_v0, {"players": 2, "dirk_can_win": True}),
        (gardens_v0, {"players": 2, "hand_size": 3}),
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

    mod = alhambra_v0 if game == "alhambra" else gardens_v0
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
    assert later.shape != first.shape or not np.array_equal(later, first)
    g = SeatEnv(game=game, players=n, render_mode="rgb_array")
    g.reset(seed=2)
    assert g.render().shape[2] == 3

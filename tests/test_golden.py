"""Golden games (R13): the same seeds give the same legal-action lists and scores as
the engine at commit 3093fc1, recorded in ``tests/golden/games.json`` by
``tests/golden/record_golden.py`` before the engine-core rewrite.

Each step compares a digest of the exact, ordered legal-action list; the game then
follows the recorded random choice, so one differing list would derail the rest. The
record holds digests only; when one differs, the recording engine is taken from the
repository's history (``git archive 3093fc1`` into ``build/golden-3093fc1``), replays
the game to that step in a subprocess, and the failure names the actions missing from
today's list and the extra ones, in words, or the first place where the order differs.
"""

import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from golden.record_golden import list_digest

from alhambra_widget import Action, Game
from alhambra_widget.gardens import GardensGame, Lay

GOLDEN = json.loads((Path(__file__).parent / "golden" / "games.json").read_text())
RECORDED_AT = "3093fc1"
ROOT = Path(__file__).resolve().parent.parent

# Runs the recording engine (standard library only: ``python -S`` keeps this checkout's
# installed package out of the path): replays the recorded choices to a step and prints
# that step's legal actions as JSON.
_OLD_LIST = """
import json, sys
sys.path.insert(0, sys.argv[1])
from alhambra_widget import Game
from alhambra_widget.gardens import GardensGame
kind, players, seed, choices = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), json.loads(sys.stdin.read())
game = (Game if kind == "alhambra" else GardensGame)([f"P{i}" for i in range(players)], seed=seed)
for i in choices:
    game.apply(game.legal_actions()[i])
print(json.dumps([a.to_json() for a in game.legal_actions()]))
"""


def recording_engine() -> Path | None:
    """The recording engine's source, taken from git history once; None without it."""
    src = ROOT / "build" / f"golden-{RECORDED_AT}"
    if (src / "alhambra_widget").is_dir():
        return src
    try:
        tar = subprocess.run(
            ["git", "-C", str(ROOT), "archive", RECORDED_AT, "alhambra_widget"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None  # no git, or a clone without that commit
    src.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=src.parent) as tmp:
        subprocess.run(["tar", "-x", "-C", tmp], input=tar, check=True)
        with contextlib.suppress(OSError):  # another worker got there first
            os.rename(tmp, src)
        os.makedirs(tmp, exist_ok=True)  # for TemporaryDirectory's clean-up
    return src


def recorded_list(kind: str, record: dict, step: int) -> list[dict] | None:
    """The legal actions the recording engine listed at ``step`` of ``record``, as JSON."""
    src = recording_engine()
    if src is None:
        return None
    choices = [row[1] for row in record["steps"][:step]]
    done = subprocess.run(
        [
            sys.executable,
            "-S",
            "-c",
            _OLD_LIST,
            str(src),
            kind,
            str(record["players"]),
            str(record["seed"]),
        ],
        input=json.dumps(choices),
        capture_output=True,
        text=True,
        cwd=src,
    )
    return json.loads(done.stdout) if done.returncode == 0 else None


def differences(parse, now: list[dict], then: list[dict]) -> str:
    """What differs between today's list and the recorded one, in words."""

    def words(data: dict) -> str:
        try:
            return f"{parse(data)} {json.dumps(data, sort_keys=True)}"
        except Exception:  # an action today's engine cannot read: its JSON says it
            return json.dumps(data, sort_keys=True)

    key = lambda a: json.dumps(a, sort_keys=True)  # noqa: E731
    have, had = {key(a) for a in now}, {key(a) for a in then}
    missing = [a for a in then if key(a) not in have]
    extra = [a for a in now if key(a) not in had]
    lines = []
    if missing:
        lines.append(f"missing ({len(missing)}): " + "; ".join(words(a) for a in missing[:5]))
    if extra:
        lines.append(f"extra ({len(extra)}): " + "; ".join(words(a) for a in extra[:5]))
    if not lines and len(now) != len(then):
        lines.append(
            f"the same actions, {len(now)} listed now against {len(then)} then (one listed twice)"
        )
    if not lines:
        i = next((i for i, (a, b) in enumerate(zip(now, then)) if key(a) != key(b)), None)
        if i is None:
            return (
                "the recording engine lists the same actions in the same order: the record is wrong"
            )
        lines.append(
            f"the same actions in another order; first at position {i}: now {words(now[i])}, "
            f"then {words(then[i])}"
        )
    return "\n".join(lines)


def replay(game, record, kind: str, parse) -> None:
    scores = None
    for step, row in enumerate(record["steps"]):
        acts = game.legal_actions()
        if list_digest(acts) != row[0]:
            then = recorded_list(kind, record, step)
            said = (
                f"the recording engine ({RECORDED_AT}) could not be run from git history"
                if then is None
                else differences(parse, [a.to_json() for a in acts], then)
            )
            pytest.fail(
                f"step {step}: the legal actions differ from those recorded at {RECORDED_AT}:\n{said}"
            )
        game.apply(acts[row[1]])
        if len(row) > 2:
            scores = row[2]
        assert [*game.scores.values(), getattr(game, "dirk_score", 0)] == scores, (
            f"step {step}: the scores differ"
        )
    assert game.is_over
    assert list(game.winners) == record["winners"]


@pytest.mark.parametrize(
    "record", GOLDEN["alhambra"], ids=lambda r: f"{r['players']}p-seed{r['seed']}"
)
def test_r13_golden_alhambra_games_replay_exactly(record):
    n = record["players"]
    replay(
        Game([f"P{i}" for i in range(n)], seed=record["seed"]), record, "alhambra", Action.from_json
    )


@pytest.mark.parametrize(
    "record", GOLDEN["gardens"], ids=lambda r: f"{r['players']}p-seed{r['seed']}"
)
def test_r13_golden_gardens_games_replay_exactly(record):
    n = record["players"]
    replay(
        GardensGame([f"P{i}" for i in range(n)], seed=record["seed"]),
        record,
        "gardens",
        Lay.from_json,
    )


class _Dropping:
    """A game whose list loses its last action at one step: a defect to be reported."""

    def __init__(self, game, at: int):
        self.game, self.at, self.step = game, at, 0

    def legal_actions(self):
        acts = self.game.legal_actions()
        return acts[:-1] if self.step == self.at else acts

    def apply(self, action):
        self.step += 1
        return self.game.apply(action)

    def __getattr__(self, name):  # scores, dirk_score: the game's
        return getattr(self.game, name)


def test_r13_a_golden_failure_names_the_missing_action_in_words():
    """A defect made on purpose (step 3 of a recorded game loses one action): the failure
    says which action is missing, in words, beside its JSON."""
    record = GOLDEN["alhambra"][0]
    game = Game([f"P{i}" for i in range(record["players"])], seed=record["seed"])
    lost = game.copy()
    for row in record["steps"][:3]:
        lost.apply(lost.legal_actions()[row[1]])
    gone = lost.legal_actions()[-1]
    with pytest.raises(pytest.fail.Exception) as failed:
        replay(_Dropping(game, 3), record, "alhambra", Action.from_json)
    said = str(failed.value)
    if "could not be run" in said:
        pytest.skip("no git history with the recording commit here")
    assert "step 3:" in said and "missing (1): " + str(gone) in said and "extra" not in said, said

"""What both games share: a game is its options, its seed and its list of actions.

:class:`RecordedGame` holds the action list and gives, on top of a subclass's
``_list_legal`` / ``_refuse`` / ``_do`` / ``state_dict`` / ``_copy_state``: ``apply``
(refused whole), ``legal_actions`` (cached per state), listeners, ``replay``,
``copy``, ``at``, ``undo``, a state ``digest`` and the JSON document (``to_json`` /
``from_json``, with malformed or tampered files refused as :class:`GameFileError`).

The contract: the state a user can reach is read-only outside actions (assigning a
public attribute raises AttributeError, see :class:`ReadOnly`; lists come out as
tuples and dicts as read-only mappings), so the cached
legal list stays true until the next action, and ``undo``/``at`` (which replay the
record) always give back what the user saw.
"""

from __future__ import annotations

import hashlib
import json
import random
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from .errors import GameError, GameFileError, IllegalAction, MalformedInput

NAME_MAX = 40
"""The longest player name the engine accepts (characters)."""


def check_name(name: object, what: str = "A player's name") -> str:
    """``name`` if it is a fit name for a seat (both games): a non-empty string of at
    most :data:`NAME_MAX` characters without control or other invisible format
    characters; else :class:`MalformedInput` saying why."""
    if not isinstance(name, str) or not name.strip():
        raise MalformedInput(f"{what} is a non-empty string, not {name!r}.")
    if len(name) > NAME_MAX:
        raise MalformedInput(f"{what} has at most {NAME_MAX} characters, not {len(name)}.")
    bad = [c for c in name if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co")]
    if bad:
        raise MalformedInput(f"{what} may not hold control characters ({bad[0]!r} in {name!r}).")
    return name


def check_names(names: Sequence[object]) -> list[str]:
    """:func:`check_name` for each seat, and the names must differ."""
    out = [check_name(n) for n in names]
    if len(set(out)) != len(out):
        raise MalformedInput("Player names must differ.")
    return out


class ActionLike(Protocol):
    """What the record needs of an action: its JSON."""

    def to_json(self) -> dict[str, Any]:
        """The action as JSON (``action_from_json`` reads it back)."""
        ...


A = TypeVar("A", bound=ActionLike)
E = TypeVar("E")
G = TypeVar("G", bound="RecordedGame[Any, Any]")

Listener = Callable[[Any, Any, list[Any]], None]


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def refuse_assignment(obj: object, name: str) -> AttributeError:
    """The error for assigning ``obj.name`` from outside the engine."""
    what = type(obj).__name__
    return AttributeError(
        f"{what}.{name} is read-only: the state changes only through actions (apply) "
        "or a recorded edit (edit), so undo, the timeline and saved games keep every change."
    )


class ReadOnly:
    """A state object users may read but not assign to: assigning a public attribute
    (a name without a leading underscore) raises AttributeError saying that the state
    changes only through actions and edits; the engine keeps its fields under
    underscore names, shown through properties as tuples or read-only mappings."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        if name[:1] == "_":
            object.__setattr__(self, name, value)
        else:
            raise refuse_assignment(self, name)

    def __delattr__(self, name: str) -> None:
        if name[:1] == "_":
            object.__delattr__(self, name)
        else:
            raise refuse_assignment(self, name)


_SEAT_SECRET: Final = (
    "{what} is kept by the table's server until the game is over: this seat's game knows "
    "only what its seat may see (its record: game.seat_record)."
)

_BLANK: Final[list[str]] = []
"""Given as the players (this very list), makes a blank game: see
:meth:`RecordedGame._blank`. Any other list of players is checked."""


def _restore(cls: type[G], state: dict[str, Any]) -> G:
    """A game of class ``cls`` with the attributes ``state`` (unpickling)."""
    g = cls._blank()
    for name, value in state.items():
        setattr(g, name, value)
    return g


class LegalCache:
    """For the engine: the legal actions of a game's current state, once listed
    (``None`` until then), and ``record``: what a game works out from its whole record
    for this state (``None`` until asked; the Alhambra keeps the known money there). A
    plain holder, past :class:`ReadOnly`'s guard: the cache changes every action (a
    compiled game has no instance dictionary to write to)."""

    __slots__ = ("actions", "record")

    def __init__(self, actions: list[Any] | None = None, record: Any = None):
        self.actions = actions
        self.record = record


class RecordedGame(ReadOnly, Generic[A, E]):
    """Base of the game classes. Subclasses set ``FORMAT``, ``OPTIONS`` (option name ->
    (attribute, default), beyond ``players`` and ``seed``) and ``action_from_json``, and
    implement ``__init__(players, seed, **options)`` (calling ``super().__init__(seed)``),
    ``_list_legal``, ``_refuse``, ``_do``, ``state_dict`` and ``_copy_state``."""

    FORMAT: ClassVar[str] = ""
    TITLE: ClassVar[str] = "game"
    GAME: ClassVar[str] = ""
    """Which game: ``"alhambra"`` or ``"gardens"`` (bots and views are chosen by it)."""
    VERSION: ClassVar[int] = 1
    OPTIONS: ClassVar[Mapping[str, tuple[str, Any]]] = MappingProxyType({})
    OPTION_ALIASES: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Older option names (in saved games and calls) -> today's."""
    STATE: ClassVar[tuple[str, ...]] = ()
    """The names of a subclass's own state attributes (:meth:`become` takes them over)."""

    @property
    def players(self) -> Sequence[_Named]:  # pragma: no cover - abstract
        """The players in seat order (each game's subclass says what a player is)."""
        raise NotImplementedError

    @property
    def current(self) -> int:  # pragma: no cover - abstract
        """The index of the player to move."""
        raise NotImplementedError

    def __init__(self, seed: int):
        self._seed = seed
        self._history: list[A] = []
        self._movers: list[int] = []  # for each action of the history, the seat that made it
        self._starts: list[int] = []  # and where its events start in the log
        self._log: list[E] = []
        self._listeners: list[Listener] = []
        self._legal = LegalCache()
        self._seat: Any = None
        """For a seat's game (:mod:`.seat_record`): its record, which rebuilds its past
        steps (the seed is not known there); ``None`` for a game that owns its chance."""

    @classmethod
    def _blank(cls: type[G]) -> G:
        """A game with no state yet, for a copy or a pickle to fill in. (A compiled class
        has no bare ``__new__``: its constructor always runs ``__init__``, so the
        subclasses' ``__init__`` returns at once for :data:`_BLANK`, a private object
        that no caller can pass by accident.)"""
        return cls(_BLANK)  # type: ignore[arg-type]

    @staticmethod
    def _is_blank(players: object) -> bool:
        """Is ``players`` the private marker of :meth:`_blank`?"""
        return players is _BLANK

    def __reduce__(self) -> tuple[Any, ...]:
        # pickles and deep-copies compiled (mypyc) as well: a blank game, then its state
        names = (
            "_seed",
            "_history",
            "_movers",
            "_starts",
            "_log",
            "_listeners",
            "_legal",
            "_seat",
            *self.STATE,
        )
        return (_restore, (type(self), {n: getattr(self, n) for n in names}))

    # -- the record (read-only: tuples) -------------------------------------------
    @property
    def seed(self) -> int:
        """The seed of the game's one generator (R13). A seat's game does not know it:
        it says so (:class:`GameError`)."""
        if self._seat is not None:
            raise GameError(_SEAT_SECRET.format(what="The seed"))
        return self._seed

    def _seed_words(self) -> str:
        """How a game's repr names its chance: its seed, or the seat it is seen from."""
        if self._seat is None:
            return f"seed {self._seed}"
        seat = self._seat.seat
        return (
            "seen by a spectator" if seat is None else f"seen from {self.players[seat].name}'s seat"
        )

    @property
    def seat_record(self) -> Any:
        """For a seat's game (:func:`~.seat_record.seat_game`): what its seat knows, as
        data (a :class:`~.seat_record.SeatRecord`); ``None`` for a game that owns its
        chance."""
        return self._seat

    @property
    def history(self) -> tuple[A, ...]:
        """The actions applied, in order (R13)."""
        return tuple(self._history)

    @property
    def movers(self) -> tuple[tuple[int, int], ...]:
        """For each action of ``history``: the player to move before it (who made it)
        and where its events start in ``log`` (the first is the action's own sentence)."""
        return tuple(zip(self._movers, self._starts))

    @property
    def log(self) -> tuple[E, ...]:
        """Every event so far, from the setup on."""
        return tuple(self._log)

    @staticmethod
    def action_from_json(data: object) -> A:  # pragma: no cover
        """The action a JSON dict describes (each game reads its own actions); malformed data is
        MalformedInput."""
        raise NotImplementedError

    # -- what a subclass writes ---------------------------------------------------
    def _list_legal(self) -> list[A]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _refuse(self, action: object) -> Exception | None:  # pragma: no cover - abstract
        """Why ``action``, which is not among the legal actions now, is refused (``None``
        if it is accepted all the same: a move that is no listed choice, like an edit)."""
        raise NotImplementedError

    def _do(self, action: A) -> list[E]:  # pragma: no cover - abstract
        raise NotImplementedError

    def state_dict(self) -> dict[str, Any]:  # pragma: no cover - abstract
        """The whole state as JSON-able data (hidden information included: not for a viewer)."""
        raise NotImplementedError

    def _copy_state(self: G) -> G:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- applying -------------------------------------------------------------
    def legal_actions(self) -> list[A]:
        """Every legal choice now, in a fixed order (so a seeded bot replays exactly)."""
        cache = self._legal
        legal = cache.actions
        if legal is None:
            legal = cache.actions = self._list_legal()
        return list(legal)

    def _check(self, action: object) -> None:
        cache = self._legal
        legal = cache.actions
        if legal is None:
            legal = cache.actions = self._list_legal()
        for a in legal:  # legal actions are shared objects: identity first
            if a is action:
                return
        if action in legal:
            return
        why = self._refuse(action)
        if why is not None:
            raise why

    def _options(self) -> dict[str, Any]:
        return {"players": [p.name for p in self.players], "seed": self.seed} | {
            name: getattr(self, attr) for name, (attr, _default) in self.OPTIONS.items()
        }

    def _step(self, action: A) -> list[E]:
        # (two lists of integers, not a list of pairs: an int is no container for the
        # garbage collector)
        self._movers.append(self.current)
        self._starts.append(len(self._log))
        events = self._do(action)
        self._legal.actions = None
        self._legal.record = None
        self._history.append(action)
        return events

    def apply(self, action: A) -> list[E]:
        """Apply a legal action and return what happened (events, in plain words).

        A refused action raises :class:`~alhambra_widget.engine.errors.IllegalAction` (with the
        ruling id in ``.rule``), or :class:`~alhambra_widget.engine.errors.MalformedInput` if
        it is not an action at all; the state is then untouched. A seat's game moves only
        with its record (the table's server decides and reveals the draws): there it is a
        :class:`GameError`; its :meth:`copy` plays freely."""
        if self._seat is not None:
            raise GameError(
                "This is one seat's game at a table a server keeps: the server applies "
                "the moves and reveals what they draw. Act through the table (w.act), or "
                "try moves on a copy (game.copy())."
            )
        self._check(action)
        events = self._step(action)
        if self._listeners:
            self._notify(action, events)
        return events

    def why_illegal(self, action: object) -> GameError | None:
        """``None`` if ``action`` is legal now, else the error ``apply`` would raise."""
        try:
            self._check(action)
        except GameError as e:
            return e
        return None

    @property
    def step(self) -> int:
        """Number of actions applied."""
        return len(self._history)

    # -- listeners (widgets on one game stay in step) ---------------------------
    def add_listener(self, fn: Listener) -> None:
        """Call ``fn(game, action, events)`` after every applied action; after an undo
        ``action`` is ``None``."""
        if fn not in self._listeners:
            self._listeners.append(fn)

    def remove_listener(self, fn: Listener) -> None:
        """Stop calling ``fn`` (see :meth:`add_listener`); no error if it was not added."""
        if fn in self._listeners:
            self._listeners.remove(fn)

    def _notify(self, action: A | None, events: list[E]) -> None:
        for fn in list(self._listeners):
            fn(self, action, events)

    # -- replay, copies, undo ---------------------------------------------------------
    @classmethod
    def _new(cls: type[G], options: dict[str, Any]) -> G:
        options = {cls.OPTION_ALIASES.get(k, k): v for k, v in options.items()}
        extra = {name: options[name] for name in cls.OPTIONS if name in options}
        return cls(options["players"], options["seed"], **extra)  # type: ignore[call-arg]

    @classmethod
    def replay(
        cls: type[G], options: dict[str, Any], actions: Sequence[Any], *, check: bool = True
    ) -> G:
        """A new game from ``options`` (as in :meth:`to_json`) and ``actions``.

        With ``check`` every action is checked (``IllegalAction`` names the first bad
        one); without, they are trusted (undo and the timeline replay what was legal)."""
        g = cls._new(options)
        for i, a in enumerate(actions):
            if check:
                try:
                    g._check(a)
                except IllegalAction as e:
                    raise IllegalAction(e.rule, f"Action {i + 1} ({a}): {e.sentence}") from None  # type: ignore[arg-type]
            g._step(a)
        return g

    def copy(self: G) -> G:
        """An independent game in exactly this state, with its record (the listeners
        are not copied). A purpose-made copy: Alhambras are shared copy-on-write."""
        g = self._copy_state()
        g._seed = self._seed
        g._legal = LegalCache(self._legal.actions, self._legal.record)  # (never handed out: shared)
        g._history = list(self._history)
        g._movers = list(self._movers)
        g._starts = list(self._starts)
        g._log = list(self._log)
        g._listeners = []
        g._seat = None  # a copy of a seat's game is a free world (its guesses kept)
        return g

    def _copy_unlisted(self: G) -> G:
        """:meth:`copy` without the listed legal actions (for a copy whose hidden
        information is redrawn: they are listed again when asked)."""
        g = self.copy()
        g._legal = LegalCache(None, g._legal.record)  # (the record's facts stay true)
        return g

    def at(self: G, step: int) -> G:
        """An independent game as it was after ``step`` actions (0 = the setup)."""
        if not 0 <= step <= len(self._history):
            raise IndexError(f"step {step} is outside 0..{len(self._history)}")
        if self._seat is not None:  # rebuilt from what the seat knows, not from the seed
            out: G = self._seat.game(step)
            return out
        if step == len(self._history):
            return self.copy()
        return type(self).replay(self._options(), self._history[:step], check=False)

    def undo(self) -> A:
        """Take back the last action and return it (the game object stays the same)."""
        if not self._history:
            raise GameError("There is nothing to undo.")
        last = self._history[-1]
        self.undo_to(len(self._history) - 1)
        return last

    def undo_to(self, step: int) -> int:
        """Take back every action after the first ``step`` (the game object stays the
        same, its listeners are told with ``action`` ``None``); returns how many."""
        n = len(self._history) - step
        self.become(self.at(step))
        if self._listeners:
            self._notify(None, [])
        return n

    def become(self, other: RecordedGame[A, E]) -> None:
        """Take on the state and record of ``other``, a game of the same kind (a line
        switched to, a saved game loaded into a session); the listeners stay and are
        not told."""
        if type(other) is not type(self):
            raise MalformedInput(f"A {self.TITLE} can only become another {self.TITLE}.")
        for name in ("_seed", "_history", "_movers", "_starts", "_log", "_seat", *self.STATE):
            setattr(self, name, getattr(other, name))
        self._legal = LegalCache(other._legal.actions, other._legal.record)

    # -- a seat's game (seat_record.py) ---------------------------------------------
    def seat_options(self) -> dict[str, Any]:
        """The game's options without its seed: its players and its rules' options (what
        a seat's record holds)."""
        opts = self._options()
        del opts["seed"]
        return opts

    def _reconcile(
        self, seat: int | None, action: A, reveals: dict[str, Any]
    ) -> None:  # pragma: no cover - abstract
        """A seat's game: rearrange the guesses so that ``action`` and what it revealed fit."""
        raise NotImplementedError

    def _follow(self, seat: int | None, step: dict[str, Any]) -> list[E]:
        """Apply a step of a seat's record: the guesses rearranged, the action checked."""
        action = self.action_from_json(step.get("action"))
        reveals = step.get("reveals") or {}
        if not isinstance(reveals, dict):
            raise MalformedInput("A step's reveals are an object.")
        self._reconcile(seat, action, reveals)
        self._check(action)
        return self._step(action)

    @classmethod
    def from_seat_record(cls: type[G], record: Any) -> G:
        """The seat's game of ``record`` (a :class:`~.seat_record.SeatRecord`): set up as
        its start says, what the seat could not see guessed, then every step applied as
        it happened (see :mod:`~.seat_record`)."""
        g: G = cls.seat_world(record.options, record.seat, record.start)  # type: ignore[attr-defined]
        for step in record.steps:
            g._follow(record.seat, step)
        g._seat = record
        return g

    def advance(self, step: dict[str, Any]) -> list[E]:
        """A seat's game: apply the next step its server sent (an action and what it
        revealed): the guesses rearranged to fit, the action checked as :meth:`apply`
        checks it, the listeners told; returns the events. Refused whole
        (:class:`GameError`) when the step does not fit."""
        record = self._seat
        if record is None:
            raise GameError("Only a seat's game advances by its record (see game.seat_record).")
        before = self.copy()
        try:
            events = self._follow(record.seat, step)
        except GameError:
            self.become(before)  # (the guesses may have moved: nothing is changed)
            self._seat = record
            raise
        record.steps.append(step)
        if self._listeners:
            self._notify(self._history[-1], events)
        return events

    # -- JSON (R13) ---------------------------------------------------------------
    def digest(self) -> str:
        """A short fingerprint of :meth:`state_dict`."""
        text = json.dumps(self.state_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:20]

    @staticmethod
    def _rng_digest(rng: random.Random) -> str:
        return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:16]

    def to_json(self) -> str:
        """The game as a small JSON document: options, seed, actions, and a fingerprint
        of the resulting state that :meth:`from_json` verifies. A seat's game has no
        seed to save (:class:`GameError`): its :attr:`seat_record` is what it knows."""
        if self._seat is not None:
            raise GameError(_SEAT_SECRET.format(what="The saved game (its seed)"))
        doc = {
            "format": self.FORMAT,
            "version": self.VERSION,
            **self._options(),
            "actions": [a.to_json() for a in self._history],
            "digest": self.digest(),
        }
        return json.dumps(doc, separators=(",", ":"))

    @classmethod
    def from_json(cls: type[G], text: str | bytes) -> G:
        """Rebuild a game from :meth:`to_json`. Malformed or tampered text raises
        :class:`GameFileError` (a :class:`MalformedInput`) saying what is wrong."""
        try:
            doc = json.loads(text)
        except (TypeError, ValueError) as e:
            raise GameFileError(f"Not a saved game: the text is not JSON ({e}).") from None
        if not isinstance(doc, dict) or doc.get("format") != cls.FORMAT:
            raise GameFileError(f"Not a saved {cls.TITLE} (expected format {cls.FORMAT!r}).")
        if doc.get("version") != cls.VERSION:
            raise GameFileError(
                f"Unknown saved-game version {doc.get('version')!r}; this reads {cls.VERSION}."
            )
        # "variations": a session's tree of lines, "hands_shown": the step from which a
        # teacher showed every hand (both read by Session.load_json)
        doc = {cls.OPTION_ALIASES.get(k, k): v for k, v in doc.items()}
        allowed = {
            "format",
            "version",
            "players",
            "seed",
            "actions",
            "digest",
            "variations",
            "hands_shown",
            *cls.OPTIONS,
        }
        if set(doc) - allowed:
            raise GameFileError(f"Unknown fields in the saved game: {sorted(set(doc) - allowed)}.")
        missing = {"players", "seed", "actions"} - set(doc)
        if missing:
            raise GameFileError(f"The saved game lacks {sorted(missing)}.")
        if not isinstance(doc["actions"], list):
            raise GameFileError("'actions' must be a list.")
        options: dict[str, Any] = {"players": doc["players"], "seed": doc["seed"]}
        for name, (_attr, default) in cls.OPTIONS.items():
            value = doc.get(name, default)
            if type(value) is not type(default) and not (default is None or value is None):
                raise GameFileError(f"'{name}' must be like {default!r}, not {value!r}.")
            options[name] = value
        try:
            actions = [cls.action_from_json(a) for a in doc["actions"]]
        except MalformedInput as e:
            raise GameFileError(f"A saved action is malformed: {e.sentence}") from None
        try:
            g = cls.replay(options, actions)
        except IllegalAction as e:
            raise GameFileError(f"The saved game does not replay: {e.sentence}", e.rule) from None
        except GameError as e:
            raise GameFileError(f"The saved game does not replay: {e.sentence}") from None
        if "digest" in doc and doc["digest"] != g.digest():
            raise GameFileError(
                "The saved game was altered: replaying its actions does not give the "
                "state it records (digest mismatch)."
            )
        return g

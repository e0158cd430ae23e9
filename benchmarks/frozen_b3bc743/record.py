"""What both games share: a game is its options, its seed and its list of actions.

:class:`RecordedGame` holds the action list and gives, on top of a subclass's
``_list_legal`` / ``_refuse`` / ``_do`` / ``state_dict`` / ``_copy_state``: ``apply``
(refused whole), ``legal_actions`` (cached per state), listeners, ``replay``,
``copy``, ``at``, ``undo``, a state ``digest`` and the JSON document (``to_json`` /
``from_json``, with malformed or tampered files refused as :class:`GameFileError`).

The contract: the state a user can reach is read-only outside actions, so the cached
legal list stays true until the next action, and ``undo``/``at`` (which replay the
record) always give back what the user saw.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .errors import GameError, GameFileError, IllegalAction, MalformedInput


class ActionLike(Protocol):
    def to_json(self) -> dict[str, Any]: ...


A = TypeVar("A", bound=ActionLike)
E = TypeVar("E")
G = TypeVar("G", bound="RecordedGame[Any, Any]")

Listener = Callable[[Any, Any, list[Any]], None]


class _Named(Protocol):
    name: str


class RecordedGame(Generic[A, E]):
    """Base of the game classes. Subclasses set ``FORMAT``, ``OPTIONS`` (option name ->
    (attribute, default), beyond ``players`` and ``seed``) and ``action_from_json``, and
    implement ``__init__(players, seed, **options)`` (calling ``super().__init__(seed)``),
    ``_list_legal``, ``_refuse``, ``_do``, ``state_dict`` and ``_copy_state``."""

    FORMAT: ClassVar[str] = ""
    TITLE: ClassVar[str] = "game"
    VERSION: ClassVar[int] = 1
    OPTIONS: ClassVar[dict[str, tuple[str, Any]]] = {}

    players: Sequence[_Named]
    rng: random.Random
    current: int

    def __init__(self, seed: int):
        self.seed = seed
        self.history: list[A] = []
        self.movers: list[tuple[int, int]] = []
        """For each action of ``history``: the player to move before it (who made it)
        and where its events start in ``log`` (the first is the action's own sentence)."""
        self.log: list[E] = []
        self._listeners: list[Listener] = []
        self._legal: list[A] | None = None

    @staticmethod
    def action_from_json(data: object) -> A:  # pragma: no cover
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
        raise NotImplementedError

    def _copy_state(self: G) -> G:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- applying -------------------------------------------------------------
    def legal_actions(self) -> list[A]:
        """Every legal choice now, in a fixed order (so a seeded bot replays exactly)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal()
        return list(legal)

    def _check(self, action: object) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal()
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
        self.movers.append((self.current, len(self.log)))
        events = self._do(action)
        self._legal = None
        self.history.append(action)
        return events

    def apply(self, action: A) -> list[E]:
        """Apply a legal action and return what happened (events, in plain words).

        A refused action raises :class:`~alhambra_widget.errors.IllegalAction` (with the
        ruling id in ``.rule``), or :class:`~alhambra_widget.errors.MalformedInput` if
        it is not an action at all; the state is then untouched."""
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
        return len(self.history)

    # -- listeners (widgets on one game stay in step) ---------------------------
    def add_listener(self, fn: Listener) -> None:
        """Call ``fn(game, action, events)`` after every applied action; after an undo
        ``action`` is ``None``."""
        if fn not in self._listeners:
            self._listeners.append(fn)

    def remove_listener(self, fn: Listener) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    def _notify(self, action: A | None, events: list[E]) -> None:
        for fn in list(self._listeners):
            fn(self, action, events)

    # -- replay, copies, undo ---------------------------------------------------------
    @classmethod
    def _new(cls: type[G], options: dict[str, Any]) -> G:
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
        g.history = list(self.history)
        g.movers = list(self.movers)
        g.log = list(self.log)
        g._listeners = []
        return g

    def at(self: G, step: int) -> G:
        """An independent game as it was after ``step`` actions (0 = the setup)."""
        if not 0 <= step <= len(self.history):
            raise IndexError(f"step {step} is outside 0..{len(self.history)}")
        if step == len(self.history):
            return self.copy()
        return type(self).replay(self._options(), self.history[:step], check=False)

    def undo(self) -> A:
        """Take back the last action and return it (the game object stays the same)."""
        if not self.history:
            raise GameError("There is nothing to undo.")
        last = self.history[-1]
        self._become(self.at(len(self.history) - 1))
        if self._listeners:
            self._notify(None, [])
        return last

    def _become(self, other: RecordedGame[A, E]) -> None:
        listeners = self._listeners
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)
        self._listeners = listeners

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
        of the resulting state that :meth:`from_json` verifies."""
        doc = {
            "format": self.FORMAT,
            "version": self.VERSION,
            **self._options(),
            "actions": [a.to_json() for a in self.history],
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
        # "variations": a session's tree of lines (read by Session.load_json)
        allowed = {"format", "version", "players", "seed", "actions", "digest", "variations", *cls.OPTIONS}
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

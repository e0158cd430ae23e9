"""What both games share: a game is its options, its seed and its list of actions.

:class:`RecordedGame` holds the action list and gives, on top of a subclass's
``_check`` / ``_do`` / ``state_dict``: ``apply`` (refused whole), listeners,
``replay``, ``copy``, ``at``, ``undo``, a state ``digest`` and the JSON document
(``to_json`` / ``from_json``, with malformed or tampered files refused as
:class:`GameFileError`, a ``ValueError``).
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import ClassVar

from .errors import GameFileError, IllegalAction


class RecordedGame:
    """Base of the game classes. Subclasses set ``FORMAT``, ``OPTIONS`` (option name ->
    default, beyond ``players`` and ``seed``) and ``action_from_json``, and implement
    ``__init__(players, seed, **options)``, ``_check``, ``_do`` and ``state_dict``."""

    FORMAT: ClassVar[str] = ""
    TITLE: ClassVar[str] = "game"
    VERSION: ClassVar[int] = 1
    OPTIONS: ClassVar[dict] = {}

    history: list
    seed: int

    @staticmethod
    def action_from_json(data):  # pragma: no cover - set by subclasses
        raise NotImplementedError

    # -- applying -------------------------------------------------------------
    def _check(self, action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _do(self, action) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def state_dict(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _options(self) -> dict:
        return {"players": [p.name for p in self.players], "seed": self.seed} | {
            name: getattr(self, attr) for name, (attr, _default) in self.OPTIONS.items()
        }

    def apply(self, action) -> list:
        """Apply a legal action and return what happened (events, in plain words).

        ``IllegalAction`` (with ``.rule``) if the action is not legal now; the state is
        then untouched."""
        self._check(action)
        events = self._do(action)
        self.history.append(action)
        if self._listeners:
            self._notify(action, events)
        return events

    def why_illegal(self, action) -> IllegalAction | None:
        """``None`` if ``action`` is legal now, else the error ``apply`` would raise."""
        try:
            self._check(action)
        except IllegalAction as e:
            return e
        return None

    @property
    def step(self) -> int:
        """Number of actions applied."""
        return len(self.history)

    # -- listeners (widgets on one game stay in step) ---------------------------
    def add_listener(self, fn) -> None:
        """Call ``fn(game, action, events)`` after every applied action; after an undo
        ``action`` is ``None``."""
        if fn not in self._listeners:
            self._listeners.append(fn)

    def remove_listener(self, fn) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    def _notify(self, action, events) -> None:
        for fn in list(self._listeners):
            fn(self, action, events)

    # -- replay, undo ---------------------------------------------------------------
    @classmethod
    def _new(cls, options: dict):
        extra = {name: options[name] for name in cls.OPTIONS if name in options}
        return cls(options["players"], options["seed"], **extra)

    @classmethod
    def replay(cls, options: dict, actions: list, *, check: bool = True):
        """A new game from ``options`` (as in :meth:`to_json`) and ``actions``.

        With ``check`` every action is checked (``IllegalAction`` names the first bad
        one); without, they are trusted (undo and the timeline replay what was legal)."""
        g = cls._new(options)
        for i, a in enumerate(actions):
            if check:
                try:
                    g._check(a)
                except IllegalAction as e:
                    raise IllegalAction(e.rule, f"Action {i + 1} ({a}): {e.sentence}") from None
            g._do(a)
            g.history.append(a)
        return g

    def copy(self):
        """An independent game in exactly this state (hand-made changes included; the
        listeners are not copied)."""
        listeners, self._listeners = self._listeners, []
        try:
            return copy.deepcopy(self)
        finally:
            self._listeners = listeners

    def at(self, step: int):
        """An independent game as it was after ``step`` actions (0 = the setup)."""
        if not 0 <= step <= len(self.history):
            raise IndexError(f"step {step} is outside 0..{len(self.history)}")
        return type(self).replay(self._options(), self.history[:step], check=False)

    def undo(self):
        """Take back the last action and return it (the game object stays the same)."""
        if not self.history:
            raise IllegalAction("undo", "There is nothing to undo.")
        last = self.history[-1]
        self._become(self.at(len(self.history) - 1))
        if self._listeners:
            self._notify(None, [])
        return last

    def _become(self, other) -> None:
        for name, value in vars(other).items():
            if name != "_listeners":
                setattr(self, name, value)

    # -- JSON (R13) ---------------------------------------------------------------
    def digest(self) -> str:
        """A short fingerprint of :meth:`state_dict`."""
        text = json.dumps(self.state_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:20]

    @staticmethod
    def _rng_digest(rng) -> str:
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
    def from_json(cls, text: str | bytes):
        """Rebuild a game from :meth:`to_json`. Malformed or tampered text raises
        :class:`GameFileError` (a ``ValueError``) saying what is wrong."""
        try:
            doc = json.loads(text)
        except (TypeError, ValueError) as e:
            raise GameFileError("file", f"Not a saved game: the text is not JSON ({e}).") from None
        if not isinstance(doc, dict) or doc.get("format") != cls.FORMAT:
            raise GameFileError(
                "file", f"Not a saved {cls.TITLE} (expected format {cls.FORMAT!r})."
            )
        if doc.get("version") != cls.VERSION:
            raise GameFileError(
                "file",
                f"Unknown saved-game version {doc.get('version')!r}; this reads {cls.VERSION}.",
            )
        allowed = {"format", "version", "players", "seed", "actions", "digest", *cls.OPTIONS}
        if set(doc) - allowed:
            raise GameFileError(
                "file", f"Unknown fields in the saved game: {sorted(set(doc) - allowed)}."
            )
        missing = {"players", "seed", "actions"} - set(doc)
        if missing:
            raise GameFileError("file", f"The saved game lacks {sorted(missing)}.")
        if not isinstance(doc["actions"], list):
            raise GameFileError("file", "'actions' must be a list.")
        options = {"players": doc["players"], "seed": doc["seed"]}
        for name, (_attr, default) in cls.OPTIONS.items():
            value = doc.get(name, default)
            if type(value) is not type(default) and not (default is None or value is None):
                raise GameFileError("file", f"'{name}' must be like {default!r}, not {value!r}.")
            options[name] = value
        try:
            actions = [cls.action_from_json(a) for a in doc["actions"]]
        except IllegalAction as e:
            raise GameFileError(e.rule, f"A saved action is malformed: {e.sentence}") from None
        try:
            g = cls.replay(options, actions)
        except IllegalAction as e:
            raise GameFileError(e.rule, f"The saved game does not replay: {e.sentence}") from None
        if "digest" in doc and doc["digest"] != g.digest():
            raise GameFileError(
                "file",
                "The saved game was altered: replaying its actions does not give the "
                "state it records (digest mismatch).",
            )
        return g

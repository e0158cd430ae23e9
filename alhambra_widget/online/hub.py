"""Who is asking: the table server's people, on a JupyterHub or on its own.

On its own, a server knows nobody: a join code is the only key, and anyone who can
reach it may open a table (:class:`Nobody`). Run as a JupyterHub service, every request
carries a Hub token (a kernel's ``JUPYTERHUB_API_TOKEN``), which jupyterhub's own
:class:`~jupyterhub.services.auth.HubAuth` checks with the Hub (:class:`HubPeople`):
the person is their Hub name, and a teacher is a member of the Hub group
``alhambra-teachers`` (``--teachers``)."""

from __future__ import annotations

import asyncio
import json
import os
import urllib.request
from dataclasses import dataclass
from typing import Any, Protocol

TEACHERS = "alhambra-teachers"
"""The Hub group whose members are teachers, by default."""


@dataclass(frozen=True)
class Person:
    """Someone the server knows: their Hub name, and whether they teach."""

    name: str
    teacher: bool = False


class People(Protocol):
    """Tells who a request's token belongs to."""

    hub: bool

    async def person(self, token: str | None) -> Person | None:
        """The person of ``token``, or ``None`` (unknown, or no accounts at all)."""
        ...


class Nobody:
    """A server on its own: no accounts; join codes are the keys."""

    hub = False

    async def person(self, token: str | None) -> Person | None:
        """Nobody: a server on its own knows no person."""
        return None


class HubPeople:
    """A JupyterHub service's people: a token is checked by the Hub (``HubAuth``), and
    the teachers are the members of a Hub group, asked with the service's own token."""

    hub = True

    def __init__(
        self, teachers: str = TEACHERS, api_url: str | None = None, api_token: str | None = None
    ):
        from jupyterhub.services.auth import HubAuth

        kwargs: dict[str, Any] = {"cache_max_age": 60}
        if api_url:
            kwargs["api_url"] = api_url
        if api_token:
            kwargs["api_token"] = api_token
        self.auth = HubAuth(**kwargs)
        self.teachers = teachers

    async def person(self, token: str | None) -> Person | None:
        """The Hub user of ``token`` (``None`` when the Hub does not know it)."""
        if not token:
            return None
        user = await self.auth.user_for_token(token, sync=False)
        if not user:
            return None
        name = str(user["name"])
        groups = user.get("groups")
        if groups is None:  # the token may not read its own groups: the service asks the
            groups = await asyncio.to_thread(self._groups, name)  # Hub, off the event loop
        return Person(name, self.teachers in groups)

    def members(self, group: str) -> list[str]:
        """The Hub names in ``group`` (asked with the service's token)."""
        return sorted(self._ask(f"groups/{group}").get("users", []))

    def _groups(self, name: str) -> list[str]:
        return list(self._ask(f"users/{name}").get("groups", []))

    def _ask(self, path: str) -> dict[str, Any]:
        """The Hub's API answer at ``path``, asked with the service's token ({} if none)."""
        url = f"{self.auth.api_url.rstrip('/')}/{path}"
        req = urllib.request.Request(url, headers={"Authorization": f"token {self.auth.api_token}"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                out = json.loads(r.read())
        except OSError:
            return {}
        return out if isinstance(out, dict) else {}


def people_from_env(hub: bool | None = None, teachers: str = TEACHERS) -> People:
    """:class:`HubPeople` when asked or when run as a Hub service (the Hub sets
    ``JUPYTERHUB_SERVICE_NAME`` and ``JUPYTERHUB_API_TOKEN``), else :class:`Nobody`."""
    if hub is None:
        hub = bool(
            os.environ.get("JUPYTERHUB_SERVICE_NAME") and os.environ.get("JUPYTERHUB_API_TOKEN")
        )
    return HubPeople(teachers) if hub else Nobody()


def token_of(headers: Any, hello: dict[str, Any] | None = None) -> str | None:
    """A request's Hub token: ``Authorization: token X`` (or ``Bearer X``), or a
    WebSocket hello's ``token``."""
    value = headers.get("authorization") or ""
    parts = value.split(None, 1)
    if len(parts) == 2 and parts[0].lower() in ("token", "bearer"):
        return parts[1].strip()
    if hello and isinstance(hello.get("token"), str):
        return str(hello["token"])
    return None

"""The course's glossary (:data:`~.catalog.GLOSSARY`) as the page is sent it: each term,
what it means and the lesson that teaches it, and which terms a text uses.

A term is found in a text from the start of a word, in any case, with the endings the
course writes (``walls``, ``redesigning``; a term ending in ``y`` also in ``-ies``:
``majorities``). The page links the first use of each term in a text to its entry
(``js/src/glossary.ts``); it is sent the ``stem`` it looks for, so that both sides find
the same words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..views.contract import GlossaryEntry
from .catalog import GLOSSARY, lesson
from .lessons import Lesson


def stem(term: str) -> str:
    """What a term's uses start with: the term, without a last ``y`` (``majorit``)."""
    return term[:-1] if term.endswith("y") else term


def pattern(term: str) -> re.Pattern[str]:
    """A term's uses in a text: from the start of a word, the term's stem and the rest of
    its word, in any case."""
    return re.compile(rf"\b{re.escape(stem(term))}\w*", re.I)


def terms_in(*texts: str) -> list[str]:
    """The glossary's terms used in ``texts``, in the glossary's order."""
    joined = "\n".join(texts)
    return [t for t in GLOSSARY if pattern(t).search(joined)]


def entries(
    terms: Sequence[str] | None = None, lessons: Sequence[Lesson] | None = None
) -> list[GlossaryEntry]:
    """The glossary's entries (of ``terms``, else every one), in the glossary's order:
    the term, the stem the page looks for, what it means, the lesson that teaches it
    (its id and title) and ``at``, that lesson's place among ``lessons`` (the course map
    of a course widget, to go there), or None when it is not among them."""
    ids = [les.id for les in lessons or ()]
    out: list[GlossaryEntry] = []
    for term, (where, meaning) in GLOSSARY.items():
        if terms is not None and term not in terms:
            continue
        out.append(
            {
                "term": term,
                "stem": stem(term),
                "meaning": meaning,
                "lesson": where,
                "title": lesson(where).title,
                "at": ids.index(where) if where in ids else None,
            }
        )
    return out


def glossary() -> list[dict[str, Any]]:
    """The whole glossary as plain data, for a notebook's next cell: one dict per term
    with ``term``, ``meaning``, ``lesson`` (the id of the lesson that teaches it) and
    ``title`` (that lesson's title)."""
    keep = ("term", "meaning", "lesson", "title")
    return [{k: e[k] for k in keep} for e in entries()]  # type: ignore[literal-required]

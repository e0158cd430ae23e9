"""The engine: the rules of both games, their state, actions, scoring and explanations.

Standard library only, typed (``mypy --strict``), and the bottom layer: it imports
nothing else of the package (see ``docs/architecture.md``). Everything above it asks
it; nothing above it recomputes a rule."""

"""Independent references for the tests, written from /work/shared/RULINGS.md and
docs/rules.md alone (never from the engine's code)."""

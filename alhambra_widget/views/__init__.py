"""View models: what each viewer may see (JSON for the page) and SVG pictures.

Built from the engine's state and explanations; a hand a viewer may not see never
enters a view model."""

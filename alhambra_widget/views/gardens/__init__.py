"""What each viewer of a Gardens game may see: the view model and the SVG picture."""

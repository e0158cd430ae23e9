"""What each viewer of an Alhambra may see: the view model and the SVG pictures."""

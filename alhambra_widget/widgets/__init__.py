"""The widgets: the Alhambra table, the sandbox and the Gardens table (anywidget).

They draw the view models of :mod:`alhambra_widget.views` and turn the page's intents
into engine actions; they hold no rule."""

from .gardens import GardensWidget
from .sandbox import SandboxWidget
from .table import AlhambraWidget

__all__ = ["AlhambraWidget", "GardensWidget", "SandboxWidget"]

"""A small multilayer perceptron's forward pass in plain Python, from weights kept as
JSON (float32 arrays in base64), so that playing needs neither torch nor NumPy."""

from __future__ import annotations

import base64
import json
import math
from array import array
from operator import mul
from pathlib import Path
from typing import Any


def encode(values: list[float]) -> str:
    """``values`` as little-endian float32, in base64 (the weights files' arrays)."""
    a = array("f", values)
    if a.itemsize != 4:  # pragma: no cover - every platform Python runs on has 4-byte floats
        raise ValueError("float32 arrays need a 4-byte C float")
    return base64.b64encode(a.tobytes()).decode("ascii")


def decode(text: str) -> list[float]:
    """The floats :func:`encode` wrote."""
    a = array("f")
    a.frombytes(base64.b64decode(text))
    return a.tolist()


class Network:
    """Layers of ``y = act(W x + b)``: ``act`` is ``tanh`` or none (the last)."""

    def __init__(self, data: dict[str, Any]):
        self.meta = {k: v for k, v in data.items() if k != "layers"}
        self.layers: list[tuple[list[list[float]], list[float], bool]] = []
        for layer in data["layers"]:
            rows, cols = layer["shape"]
            flat = decode(layer["w"])
            bias = decode(layer["b"])
            if len(flat) != rows * cols or len(bias) != rows:
                raise ValueError(f"A layer of shape {rows}x{cols} holds {len(flat)} weights.")
            w = [flat[r * cols : (r + 1) * cols] for r in range(rows)]
            self.layers.append((w, bias, layer["act"] == "tanh"))

    @classmethod
    def load(cls, path: str | Path) -> Network:
        """The network saved at ``path`` (JSON)."""
        return cls(json.loads(Path(path).read_text(encoding="utf-8")))

    @property
    def inputs(self) -> int:
        """How many numbers the network reads."""
        return len(self.layers[0][0][0])

    def __call__(self, x: list[float]) -> list[float]:
        """The outputs for the inputs ``x``."""
        if len(x) != self.inputs:
            raise ValueError(f"The network reads {self.inputs} numbers, not {len(x)}.")
        for w, b, squash in self.layers:
            x = [bi + sum(map(mul, row, x)) for row, bi in zip(w, b)]
            if squash:
                x = [math.tanh(v) for v in x]
        return x


def layer(w: list[list[float]], b: list[float], act: str | None) -> dict[str, Any]:
    """One layer as the weights file keeps it (``w``: one row per output)."""
    flat = [v for row in w for v in row]
    return {"shape": [len(w), len(w[0])], "w": encode(flat), "b": encode(b), "act": act}

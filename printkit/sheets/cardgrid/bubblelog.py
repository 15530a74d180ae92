"""`printkit render cardgrid bubblelog`: the passage log filled by shading bubbles, read back by
`printkit scan` (grammar: engine/cardgrid/bubbles.py; drawing and reading: printkit/omr)."""

from printkit.omr.bubblelog import bubblelog_draw

draw = bubblelog_draw("cardgrid")

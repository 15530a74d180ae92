"""`printkit render postcard bubblelog`: the drive log filled by shading bubbles, read back by
`printkit scan` (grammar: engine/postcard/bubbles.py; drawing and reading: printkit/omr)."""

from printkit.omr.bubblelog import bubblelog_draw

draw = bubblelog_draw("postcard")

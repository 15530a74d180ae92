"""`printkit render blowout bubblelog`: the play log filled by shading bubbles, read back by
`printkit scan` (grammar: engine/blowout/bubbles.py; drawing and reading: printkit/omr)."""

from printkit.omr.bubblelog import bubblelog_draw

draw = bubblelog_draw("blowout")

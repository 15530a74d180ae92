"""`printkit render luckdraw bubblelog`: play notes filled by shading bubbles, read back by
`printkit scan` (grammar: engine/luckdraw/bubbles.py; drawing and reading: printkit/omr)."""

from printkit.omr.bubblelog import bubblelog_draw

draw = bubblelog_draw("luckdraw")

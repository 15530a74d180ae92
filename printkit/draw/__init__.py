"""Drawing primitives shared by printables (shapes, dice, stars, QR codes, suit symbols)."""

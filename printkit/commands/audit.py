def register(app): pass

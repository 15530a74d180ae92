"""PostCard Football: rules data, engine, notation and verifier."""

"""Pig, the worked example of a game written in plain Python (docs/your-own-game.md)."""
